// @vitest-environment happy-dom
/**
 * Content behind a tab or an accordion, and history lists, in the shapes consoles build them
 * (no layout needed): which control a read may press, which pane it shows, and which rows of a
 * customer's ticket list are tickets.
 */
import { describe, expect, it } from 'vitest';
import { customerTicketsLink, readHistoryRows, ticketListOn } from '../../src/dom/history.ts';
import { findNamedTab, panelOf } from '../../src/dom/tabs.ts';

const WORDS = ['previous tickets', '历史工单', 'customer'];

describe('tabs and disclosures', () => {
  it('a plain tab strip (links with data-tab, no ARIA) shows the pane named after the tab', () => {
    document.body.innerHTML = `<ul class="tabs"><li><a href="#conversation" class="active" data-tab="conversation">对话</a></li><li><a href="#previous" data-tab="previous">历史工单（3）</a></li></ul>
<div id="tab-conversation"></div><div id="tab-previous" hidden></div>`;
    const t = findNamedTab(document, WORDS)!;
    expect(t).toMatchObject({ count: 3, open: false });
    expect(t.selected?.textContent).toBe('对话');
    expect(panelOf(t.tab)?.id).toBe('tab-previous');
  });

  it('an accordion trigger with a chevron after its label shows the region it labels', () => {
    document.body.innerHTML = `<h3><button type="button" id="radix-:r8:" aria-expanded="false">Previous tickets (2)<span>▾</span></button></h3>
<div role="region" aria-labelledby="radix-:r8:" hidden></div>`;
    const t = findNamedTab(document, WORDS)!;
    expect(t).toMatchObject({ count: 2, open: false, selected: null });
    expect(panelOf(t.tab)?.getAttribute('role')).toBe('region');
  });

  it('never a link to another page or a submit button', () => {
    document.body.innerHTML = `<ul class="tabs"><li><a href="/customers/4/tickets">Previous tickets</a></li></ul>
<form><button type="submit" aria-expanded="false">Customer</button></form>`;
    expect(findNamedTab(document, WORDS)).toBeNull();
  });
});

describe('history rows', () => {
  it('a link that leads with the shown number gives that number, not the record key in its address', () => {
    document.body.innerHTML = `<ul id="l"><li><a href="/conversation/4">#343007 Exchange jacket for size M</a> <span class="badge">Closed</span></li></ul>`;
    expect(readHistoryRows(document.getElementById('l')!, undefined, false)).toEqual([{ id: '343007', title: 'Exchange jacket for size M', status: 'Closed', date: '' }]);
  });

  it("the customer's page lists rows without a number by their link's record key", () => {
    const doc = new DOMParser().parseFromString(`<table><tr><th>编号</th><th>主题</th><th>状态</th></tr>
<tr><td>#100198</td><td><a href="/ticket/3">羽绒服尺码换货</a></td><td>已关闭</td></tr>
<tr><td></td><td><a href="/ticket/2">Invoice for order QC-7730215</a></td><td>已解决</td></tr>
<tr><td colspan="3"><a href="/customers/11?sort=date">按日期排序</a></td></tr></table>`, 'text/html');
    expect(ticketListOn(doc)?.map((r) => r.id)).toEqual(['100198', '2']);
  });

  it('follows "All tickets" with a count and an arrow to a page that names the person', () => {
    document.body.innerHTML = `<nav><a href="/tickets">全部工单</a></nav><div class="box"><a class="more" href="/customers/11">全部工单（4） →</a></div>`;
    expect(customerTicketsLink(document)).toBe(`${location.origin}/customers/11`);
  });
});
