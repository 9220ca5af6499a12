/**
 * Server-side markup of the demo console. The markup varies the way real consoles do:
 * `<label for>`, wrapping labels, aria-label / aria-labelledby, placeholders, nearby text,
 * a framework-controlled input, an ARIA combobox, a radio group, a field in an open shadow
 * root and a form in a same-origin iframe. Ids are opaque on purpose.
 */
import { CATEGORIES, QUEUES, type Conversation } from './data.ts';
import type { ConsoleState } from './server.ts';

export type Lang = 'zh' | 'en';

const T = {
  zh: {
    title: '客服工作台',
    agent: '坐席：李客服',
    list: '会话列表',
    current: '当前会话',
    reply: '回复客户',
    replyPh: '输入回复内容…',
    send: '发送',
    note: '内部备注',
    addNote: '添加备注',
    queue: '分配队列',
    assign: '分配',
    assigned: '已分配到',
    customer: '客户信息',
    name: '姓名',
    phone: '手机',
    email: '邮箱',
    order: '订单号',
    member: '会员等级',
    history: '历史工单',
    none: '暂无',
    newTicket: '新建工单',
    quick: '快速建单',
    tTitle: '工单标题',
    tCategory: '问题分类',
    choose: '请选择',
    tPriority: '优先级',
    prios: ['低', '中', '高', '紧急'],
    tDesc: '问题描述',
    tCustomer: '客户姓名',
    tPhone: '手机号码',
    tEmail: '电子邮箱',
    tOrder: '订单编号',
    submit: '提交工单',
    close: '收起',
    refund: '退款申请',
    kb: '知识库',
    search: '搜索',
  },
  en: {
    title: 'Support workspace',
    agent: 'Agent: Alex',
    list: 'Conversations',
    current: 'Current conversation',
    reply: 'Reply to customer',
    replyPh: 'Type a reply…',
    send: 'Send',
    note: 'Internal note',
    addNote: 'Add note',
    queue: 'Assign to queue',
    assign: 'Assign',
    assigned: 'Assigned to',
    customer: 'Customer',
    name: 'Name',
    phone: 'Phone',
    email: 'Email',
    order: 'Order ID',
    member: 'Membership',
    history: 'Earlier tickets',
    none: 'None',
    newTicket: 'New ticket',
    quick: 'Quick ticket',
    tTitle: 'Subject',
    tCategory: 'Category',
    choose: 'Choose…',
    tPriority: 'Priority',
    prios: ['Low', 'Normal', 'High', 'Urgent'],
    tDesc: 'Description',
    tCustomer: 'Customer name',
    tPhone: 'Mobile number',
    tEmail: 'E-mail',
    tOrder: 'Order No.',
    submit: 'Submit ticket',
    close: 'Close',
    refund: 'Refund request',
    kb: 'Knowledge base',
    search: 'Search',
  },
} as const;

export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const q = (lang: Lang, extra = '') => (lang === 'en' ? `?lang=en${extra ? `&${extra}` : ''}` : extra ? `?${extra}` : '');

function page(lang: Lang, title: string, body: string, scripts: string[] = []) {
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/public/console.css"></head>
<body data-lang="${lang}">${body}${scripts.map((s) => `<script src="/public/${s}"></script>`).join('')}</body></html>`;
}

export function renderWorkspace(a: { lang: Lang; conv: Conversation; all: Conversation[]; state: ConsoleState; partial: boolean }): string {
  const t = T[a.lang];
  const inner = `${renderMain(a.lang, a.conv, a.state)}${renderAside(a.lang, a.conv)}`;
  if (a.partial) return inner;
  const nav = a.all
    .map(
      (c) => `<a class="conv${c.id === a.conv.id ? ' active' : ''}" data-conv="${c.id}" href="/${q(a.lang, `c=${c.id}`)}">
      <strong>${esc(c.customer.name)}</strong><span>${esc(c.subject[a.lang])}</span></a>`,
    )
    .join('');
  const body = `<header class="top"><span class="brand">Acme · ${t.title}</span><a href="/kb${q(a.lang)}">${t.kb}</a><span class="me">${t.agent}</span></header>
<div class="layout">
  <nav class="conv-list" aria-label="${t.list}">${nav}</nav>
  <div id="workspace" class="workspace">${inner}</div>
</div>
${renderTicketForm(a.lang)}`;
  return page(a.lang, `${t.title} · ${a.conv.customer.name}`, body, ['console.js']);
}

function renderMain(lang: Lang, c: Conversation, state: ConsoleState): string {
  const t = T[lang];
  const msgs = c.messages
    .map(
      (m) => `<li class="msg ${m.role}"${m.hidden ? ' style="display:none"' : ''}>
      <span class="who">${m.role === 'customer' ? esc(c.customer.name) : t.agent.split(/[:：]/)[1]}</span>
      <time>${m.time}</time><p class="text">${esc(m.text)}</p></li>`,
    )
    .join('');
  const notes = (state.notes[c.id] ?? []).map((n) => `<li>${esc(n)}</li>`).join('');
  const queue = state.queues[c.id];
  const queueName = QUEUES.find((x) => x.value === queue)?.[lang] ?? '';
  return `<main class="conversation" data-conversation-id="${c.id}" aria-label="${t.current}">
  <h2 class="subject">${esc(c.subject[lang])} <small>#${c.id}</small></h2>
  <ol class="messages">${msgs}</ol>
  <section class="composer">
    <div id="ed-${c.id.slice(-2)}" class="editor" contenteditable="true" role="textbox" aria-multiline="true" aria-label="${t.reply}" data-placeholder="${t.replyPh}"></div>
    <div class="row"><button type="button" class="send-btn">${t.send}</button><span class="send-status" role="status"></span></div>
  </section>
  <section class="note">
    <label class="stack">${t.note}<textarea name="nt_${c.id.slice(-2)}" rows="2"></textarea></label>
    <button type="button" class="note-btn">${t.addNote}</button>
    <ul class="notes">${notes}</ul>
  </section>
  <section class="assign">
    <span id="lbl-q9">${t.queue}</span>
    <select aria-labelledby="lbl-q9" name="qsel"><option value="">—</option>${QUEUES.map((x) => `<option value="${x.value}">${x[lang]}</option>`).join('')}</select>
    <button type="button" class="assign-btn">${t.assign}</button>
    <span class="assigned" role="status">${queue ? `${t.assigned}: ${queueName}` : ''}</span>
  </section>
</main>`;
}

function renderAside(lang: Lang, c: Conversation): string {
  const t = T[lang];
  const tickets = c.tickets.length
    ? c.tickets
        .map(
          (k) => `<li class="ticket" data-ticket="${k.id}"><b>${k.id}</b> <span class="t-title">${esc(k.title)}</span>
          <span class="status">${k.status[lang]}</span> <span class="cat">${CATEGORIES.find((x) => x.value === k.category)?.[lang] ?? ''}</span> <time>${k.date}</time></li>`,
        )
        .join('')
    : `<li class="empty">${t.none}</li>`;
  return `<aside class="customer-panel" aria-label="${t.customer}">
  <h3>${t.customer}</h3>
  <dl class="profile">
    <dt>${t.name}</dt><dd>${esc(c.customer.name)}</dd>
    <dt>${t.phone}</dt><dd>${esc(c.customer.phone)}</dd>
    <dt>${t.email}</dt><dd>${esc(c.customer.email)}</dd>
    <dt>${t.order}</dt><dd>${esc(c.customer.orderId)}</dd>
    <dt>${t.member}</dt><dd>${esc(c.customer.membership[lang])}</dd>
  </dl>
  <h3>${t.history}</h3>
  <ul class="ticket-history">${tickets}</ul>
  <button type="button" class="open-ticket">${t.newTicket}</button>
  <iframe class="refund-frame" title="${t.refund}" src="/refund-frame.html${q(lang, `c=${c.id}`)}"></iframe>
</aside>`;
}

function renderTicketForm(lang: Lang): string {
  const t = T[lang];
  const cats = CATEGORIES.map((c, i) => `<li role="option" id="opt-${i}" data-value="${c.value}" aria-selected="false">${c[lang]}</li>`).join('');
  const prios = ['low', 'normal', 'high', 'urgent']
    .map((p, i) => `<label class="radio"><input type="radio" name="pr" value="${p}"${p === 'normal' ? ' checked' : ''}>${t.prios[i]}</label>`)
    .join('');
  return `<section id="quick-ticket" class="ticket-form" hidden aria-label="${t.quick}">
  <form novalidate>
    <header><h3>${t.quick}</h3><button type="button" class="close-ticket">${t.close}</button></header>
    <label for="f-x81">${t.tTitle}</label><input id="f-x81" name="s_l" autocomplete="off" required>
    <div class="field"><span id="lbl-c2">${t.tCategory}</span>
      <div class="combo" role="combobox" tabindex="0" aria-labelledby="lbl-c2" aria-haspopup="listbox" aria-expanded="false" aria-controls="lb-c2"><span class="combo-value">${t.choose}</span></div>
      <ul id="lb-c2" role="listbox" aria-labelledby="lbl-c2" hidden>${cats}</ul></div>
    <fieldset class="field" role="radiogroup"><legend>${t.tPriority}</legend>${prios}</fieldset>
    <textarea name="d_x" rows="3" aria-label="${t.tDesc}" required></textarea>
    <div class="grid">
      <label>${t.tCustomer}<input name="c_n" autocomplete="off"></label>
      <input name="c_t" placeholder="${t.tPhone}" autocomplete="off">
      <dh-email-field data-label="${t.tEmail}"></dh-email-field>
      <div class="field"><span class="hint">${t.tOrder}</span><input name="c_o" autocomplete="off"></div>
    </div>
    <div class="row"><button type="submit" class="submit-ticket">${t.submit}</button><span class="form-result" role="status"></span></div>
  </form>
</section>`;
}

export function renderRefundFrame(lang: Lang, conversationId: string): string {
  const L =
    lang === 'en'
      ? { h: 'Refund request', order: 'Order number', amount: 'Refund amount', cur: 'Currency', reason: 'Reason for refund', submit: 'Submit refund request' }
      : { h: '退款申请', order: '订单号', amount: '退款金额', cur: '币种', reason: '退款原因', submit: '提交退款申请' };
  const body = `<form class="refund" data-conversation-id="${esc(conversationId)}" novalidate>
  <h4>${L.h}</h4>
  <label for="r-1">${L.order}</label><input id="r-1" name="o">
  <input name="a" inputmode="decimal" aria-label="${L.amount}">
  <label>${L.cur}<select name="cur"><option value="CNY">CNY 人民币</option><option value="USD">USD 美元</option><option value="EUR">EUR 欧元</option></select></label>
  <textarea name="r" placeholder="${L.reason}" rows="2"></textarea>
  <button type="submit">${L.submit}</button><p class="refund-result" role="status"></p>
</form>`;
  return page(lang, L.h, body, ['refund.js']);
}

export function renderKbPage(lang: Lang, query: string, results: { id: string; title: string; snippet: string }[]): string {
  const t = T[lang];
  const items = results.map((r) => `<li><a href="/kb/${esc(r.id)}${q(lang)}">${esc(r.title)}</a> <small>${esc(r.id)}</small><p>${esc(r.snippet)}</p></li>`).join('');
  const empty = query ? `<p class="kb-empty">${lang === 'en' ? 'No articles found.' : '没有找到相关文章。'}</p>` : '';
  const body = `<header class="top"><span class="brand">Acme · ${t.kb}</span><a href="/${q(lang)}">${t.title}</a></header>
<main class="kb-page" aria-label="${t.kb}"><form><input name="q" value="${esc(query)}" aria-label="${t.search}"><button>${t.search}</button></form>${items ? `<ul class="kb-results">${items}</ul>` : empty}</main>`;
  return page(lang, t.kb, body);
}

/** One KB article (the HTML provider reads its answer from here). */
export function renderKbArticle(lang: Lang, a: { id: string; title: string; body: string }): string {
  const t = T[lang];
  const body = `<header class="top"><span class="brand">Acme · ${t.kb}</span><a href="/kb${q(lang)}">${t.kb}</a></header>
<main class="kb-page"><p class="meta">${esc(a.id)}</p><article><h1>${esc(a.title)}</h1><div class="kb-answer"><p>${esc(a.body)}</p></div></article></main>`;
  return page(lang, a.title, body);
}
