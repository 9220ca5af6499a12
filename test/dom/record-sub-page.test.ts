// @vitest-environment happy-dom
/**
 * recordSubPage (src/dom/elsewhere.ts) and leavesPage (src/dom/controls/button.ts): the page of this record where a job is
 * done when it is not done here — a link named for the job or for editing, leading under the
 * record's own address — and never a link to another record, a list, the app's navigation or a
 * tab on this page. Built from how CRUD apps and classic helpdesks link their edit pages
 * (`/ticket/5` → `/ticket/5/update`, `/issues/7` → `/issues/7/edit`, `?id=5` → `?id=5&a=edit`).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leavesPage } from '../../src/dom/controls/button.ts';
import { recordSubPage } from '../../src/dom/elsewhere.ts';

beforeAll(() => {
  Element.prototype.getBoundingClientRect = () => ({ x: 10, y: 10, left: 10, top: 10, right: 110, bottom: 30, width: 100, height: 20, toJSON: () => ({}) }) as DOMRect;
  if (!('checkVisibility' in Element.prototype)) Object.assign(Element.prototype, { checkVisibility: () => true });
});
afterEach(() => {
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

const at = (path: string, html: string) => {
  history.replaceState(null, '', path);
  document.body.innerHTML = html;
};

describe('recordSubPage', () => {
  it('finds the reply page under the record, whatever decorates its name (✎ 回复, "Edit ticket")', () => {
    at('/ticket/5', `<h1>#100245 退货退款</h1><div class="actions"><a href="/ticket/5/update">&#9998; 回复</a></div>`);
    expect(recordSubPage(document, 'reply')).toMatchObject({ path: '/ticket/5/update', label: '✎ 回复' });
    at('/issues/7', `<p><a href="/issues/7/edit">Edit ticket</a></p>`);
    expect(recordSubPage(document, 'assign')?.path).toBe('/issues/7/edit');
    expect(recordSubPage(document, 'note')?.path).toBe('/issues/7/edit');
  });

  it('takes a page of the same address with more in its query (?id=5 → ?id=5&a=edit)', () => {
    at('/tickets.php?id=5', `<a href="/tickets.php?id=5&a=edit">编辑</a>`);
    expect(recordSubPage(document, 'reply')?.path).toBe('/tickets.php?id=5&a=edit');
  });

  it('never another record, a list, a tab on this page, the app navigation or a link named for something else', () => {
    at(
      '/ticket/5',
      `<nav><a href="/ticket/5/edit">Edit</a></nav>
       <a href="/ticket/6/update">回复</a>
       <a href="/tickets?edit=1">Edit</a>
       <a href="#reply">Reply</a>
       <a href="javascript:void 0">Reply</a>
       <a href="/ticket/5/attachments/1">download.pdf</a>
       <a href="/ticket/5?print=1">Print</a>`,
    );
    for (const job of ['reply', 'note', 'assign'] as const) expect(recordSubPage(document, job)).toBeNull();
  });

  it('an assignment is not looked for behind a link named for a note, but a note is behind a reply page', () => {
    at('/ticket/5', `<a href="/ticket/5/notes/new">Add note</a>`);
    expect(recordSubPage(document, 'assign')).toBeNull();
    expect(recordSubPage(document, 'note')?.path).toBe('/ticket/5/notes/new');
    at('/ticket/5', `<a href="/ticket/5/reply">Reply</a>`);
    expect(recordSubPage(document, 'note')?.path).toBe('/ticket/5/reply');
  });
});

describe('leavesPage (what openComposer leaves to the carry)', () => {
  it('is a link to another document, not a tab or a script link', () => {
    at('/ticket/5', `<a id="a" href="/ticket/5/update">Reply</a><a id="b" href="#reply">Reply</a><a id="c" href="/ticket/5">Reply</a><button id="d">Reply</button><a id="e" href="javascript:void 0">x</a>`);
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => leavesPage(document.getElementById(id)!))).toEqual([true, false, false, false, false]);
  });
});
