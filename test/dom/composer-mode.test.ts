// @vitest-environment happy-dom
/**
 * Reading which mode a shared reply/note editor is in (src/dom/composer-mode.ts) from the ways
 * kits mark the chosen control: ARIA, a plain state class, a CSS-modules local name, BEM, or an
 * extra class only the chosen one has. A mode that cannot be read is null, never a guess.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modeControls, modeOf, readMode } from '../../src/dom/composer-mode.ts';

// happy-dom lays nothing out: every element gets a box, as it would on a screen.
beforeAll(() => {
  Element.prototype.getBoundingClientRect = () => ({ x: 10, y: 10, left: 10, top: 10, right: 110, bottom: 30, width: 100, height: 20, toJSON: () => ({}) }) as DOMRect;
  if (!('checkVisibility' in Element.prototype)) Object.assign(Element.prototype, { checkVisibility: () => true });
});

afterEach(() => (document.body.innerHTML = ''));

function read(tabs: string): ReturnType<typeof modeOf> {
  document.body.innerHTML = `<div class="composer"><div class="tabs">${tabs}</div><div><div id="ed" contenteditable="true"></div></div></div>`;
  return modeOf(modeControls(document.getElementById('ed')!));
}

describe('modeOf', () => {
  it('reads ARIA first', () => {
    expect(read('<button role="tab" aria-selected="false">Reply</button><button role="tab" aria-selected="true">Note</button>')).toBe('note');
  });
  it('reads CSS modules local names (React fixture: _tab_ / _tabOn_)', () => {
    expect(read('<button type="button" class="_tabOn_k2x9a">Reply</button><button type="button" class="_tab_k2x9a">Note</button>')).toBe('reply');
    expect(read('<button type="button" class="_tab_k2x9a">回复</button><button type="button" class="_tabOn_k2x9a">内部备注</button>')).toBe('note');
  });
  it('reads BEM modifiers and is-active', () => {
    expect(read('<a href="#r" class="mode mode--active">公开回复</a><a href="#n" class="mode">内部备注</a>')).toBe('reply');
    expect(read('<button type="button" class="seg">Reply</button><button type="button" class="seg is-active">Internal note</button>')).toBe('note');
  });
  it('takes the control with an extra class as the chosen one', () => {
    expect(read('<button type="button" class="btn">Reply</button><button type="button" class="btn btn-warning">Note</button>')).toBe('note');
  });
  it('says nothing when nothing marks either', () => {
    expect(read('<button type="button" class="a1">Reply</button><button type="button" class="b2">Note</button>')).toBeNull();
  });
  it('does not read "icon" or "button" as "on"', () => {
    expect(read('<button type="button" class="icon-button">Reply</button><button type="button" class="buttonIcon">Note</button>')).toBeNull();
  });
});

describe('readMode: hashed classes (CSS modules in production) say nothing, the editor does', () => {
  const hashed = (rest: string) => {
    document.body.innerHTML = `<div class="_c1"><div class="_t1"><button type="button" class="_048e1">Reply</button><button type="button" class="_3102c">Note</button></div>${rest}</div>`;
    return readMode(document.getElementById('ed')!);
  };
  it('by the one commit button whose name changes with the mode', () => {
    expect(hashed('<div id="ed" contenteditable="true"></div><button type="button">Send</button>')).toBe('reply');
    expect(hashed('<div id="ed" contenteditable="true"></div><button type="button">Add note</button>')).toBe('note');
    expect(hashed('<div id="ed" contenteditable="true"></div><button type="button">添加备注</button>')).toBe('note');
  });
  it('by the placeholder (Tiptap keeps it on the empty paragraph)', () => {
    expect(hashed('<div id="ed" contenteditable="true"><p data-placeholder="Add a note only your team can see…"></p></div><button type="button">Submit</button>')).toBe('note');
    expect(hashed('<div id="ed" contenteditable="true"><p data-placeholder="回复客户…"></p></div><button type="button">提交</button>')).toBe('reply');
  });
  it('not at all when neither says', () => {
    expect(hashed('<div id="ed" contenteditable="true"></div><button type="button">Submit</button>')).toBeNull();
  });
});
