/**
 * The open record's customer: name, e-mail, phone, order id, membership — from the
 * profile's rules where it has them, else from label/value pairs in a customer-named panel
 * (card, dl, table, label rows, also in open shadow roots), else from a record header table
 * ("User:", "Email:"), and from `mailto:`/`tel:` links there. Fields still missing can come
 * from the page behind a profile's `follow` link (fetched read-only, same origin).
 */
import { CUSTOMER_KEYS, type CustomerKey, type CustomerRule } from './rules.ts';
import { fieldsByMarkup, inputPairs } from './customer-card.ts';
import type { SignedIn } from './self.ts';
import { readPairs, staticText, type Pair } from './pairs.ts';
import { queryOne } from './query.ts';
import { FIELD_SYNONYMS, matchScore, TICKET_LIST_LINKS } from './synonyms.ts';
import { isVisible, normLabel, squash } from './text.ts';
import { visibleTextOf } from './visible.ts';

export type CustomerFields = Partial<Record<CustomerKey, string>>;
export type FieldVia = 'profile' | 'panel' | 'page' | 'link' | 'card' | 'follow';

export interface CustomerRead {
  fields: CustomerFields;
  via: Partial<Record<CustomerKey, FieldVia>>;
  panel: Element | null;
}


/** Labels that name the customer on record pages besides the form-field synonyms. */
const EXTRA_LABELS: Record<CustomerKey, readonly string[]> = {
  name: ['user', 'requester', 'customer', 'client', 'contact', 'end user', '客户', '用户', '请求人', '联系人', '客户名称'],
  email: ['email address', 'e-mail address', '邮件地址'],
  phone: ['phone number', 'mobile phone', 'cell', 'work phone', '手机号码', '联系方式'],
  orderId: ['order #', 'order no', '订单号码'],
  membership: ['vip', 'plan', 'level', 'vip level', '会员级别'],
};

export function labelKey(label: string, extra: CustomerRule['fields'] = {}): CustomerKey | null {
  const l = normLabel(label);
  let best: { key: CustomerKey; score: number } | null = null;
  for (const key of CUSTOMER_KEYS) {
    const words = [...FIELD_SYNONYMS[key], ...EXTRA_LABELS[key], ...(extra[key]?.label ?? []).map(normLabel)];
    const score = matchScore(l, words);
    if (score >= 0.6 && (!best || score > best.score)) best = { key, score };
  }
  return best?.key ?? null;
}

/** Exactly a customer field's label word ("姓名", "e-mail"), nothing more. */
function isLabelWord(v: string): boolean {
  const l = normLabel(v);
  return CUSTOMER_KEYS.some((key) => matchScore(l, [...FIELD_SYNONYMS[key], ...EXTRA_LABELS[key]]) === 1);
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
const TICKETS_LINK_TAIL = new RegExp(`\\s+(${TICKET_LIST_LINKS.join('|')})$`, 'i');
const DATE_LINE = /\d{4}\s*[-/.年]\s*\d{1,2}|\b(since|joined|created|member since)\b|创建于|注册于|加入于|成为客户/i;
const PHONE = /(\+?\(?\d[\d\s().-]{5,}\d(?:\s*(?:x|ext\.?|extension|转|分机)\s*\d{1,6})?)/i;

/** A value cleaned for its field, or null when it does not look like one. */
export function cleanValue(key: CustomerKey, raw: string): string | null {
  let v = raw.replace(/\s+/g, ' ').trim();
  // A value has a letter or a digit: a form's required marker ("*") or a dash is not one.
  if (!/[\p{L}\p{N}]/u.test(v)) return null;
  if (key === 'email') return EMAIL.exec(v)?.[0] ?? null;
  if (key === 'phone') {
    const m = PHONE.exec(v)?.[1];
    return m && m.replace(/\D/g, '').length >= 6 ? m.trim() : null;
  }
  if (key === 'name') {
    // A card prints the customer's start date right under the name ("Customer since Mar 4, 2023").
    if (DATE_LINE.test(v)) return null;
    // A field's own label ("姓名", "Email") read where its value should be is no name.
    if (isLabelWord(v)) return null;
    // A link to their tickets after the name ("Rosa Díaz All tickets") is no part of it.
    v = v.replace(TICKETS_LINK_TAIL, '').trim();
    // Consoles print counts and links after the name ("Maria Garcia (3) ( Manage Collaborators)").
    const name = v
      .replace(/<[^>]*>|\([^)]*@[^)]*\)|[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '')
      .replace(/(\s*[(（][^()（）]{0,40}[)）])+\s*$/, '')
      .trim();
    return name && name.length <= 80 ? name : null;
  }
  return v.length <= 120 ? v : null;
}

/**
 * The customer of the open record. `self` is who is signed in (self.ts): their own name and
 * e-mail are never the customer's, wherever the page shows them.
 */
export function readCustomer(rule: CustomerRule | undefined, panel: Element | null, scope: Document = document, self: SignedIn = { names: [], emails: [] }): CustomerRead {
  const out: CustomerRead = { fields: {}, via: {}, panel };
  const mine = new Set([...self.names, ...self.emails].map((x) => x.trim().toLowerCase()));
  const set = (key: CustomerKey, raw: string | null | undefined, via: FieldVia) => {
    if (out.fields[key] || !raw) return;
    const v = cleanValue(key, raw);
    if (v && !mine.has(v.toLowerCase())) {
      out.fields[key] = v;
      out.via[key] = via;
    }
  };
  for (const key of CUSTOMER_KEYS) {
    const f = rule?.fields?.[key];
    const el = f?.css ? queryOne(rule?.container ? (queryOne(scope, rule.container) ?? scope) : scope, f.css) : null;
    if (el) set(key, f?.attr ? el.getAttribute(f.attr) : visibleTextOf(el).text, 'profile');
  }
  const scopes: [Document | Element, FieldVia][] = [];
  if (panel) scopes.push([panel, 'panel']);
  scopes.push([scope, 'page']);
  for (const [where, via] of scopes) {
    fillFromPairs(readPairs(where), rule, (k, v) => set(k, v, via));
    if (via === 'panel') {
      // A card without labels: keys beside inputs, then fields its markup names.
      fillFromPairs(inputPairs(where as Element).map((p) => ({ ...p, valueEl: where as Element })), rule, (k, v) => set(k, v, 'card'));
      for (const [k, v] of Object.entries(fieldsByMarkup(where as Element)) as [CustomerKey, string][]) set(k, v, 'card');
    }
    fillFromLinks(where, (k, v) => set(k, v, 'link'));
  }
  if (!out.fields.email && !out.fields.phone) {
    const card = contactCard(panel ?? scope);
    if (card) {
      for (const [k, v] of Object.entries(card.fields) as [CustomerKey, string][]) set(k, v, 'card');
      out.panel = out.panel ?? card.el;
    }
  }
  if (!out.fields.name) {
    const known = out.fields.email ?? out.fields.phone;
    const card = known ? nameAbove(panel ?? scope, known) : null;
    if (card) {
      set('name', card.name, 'card');
      out.panel = out.panel ?? card.el;
    }
  }
  return out;
}

/**
 * A contact card that prints the name as its heading or first line, above labelled details
 * (`<h3>王建国</h3><dl>邮箱 …`) or lines its classes name (`.nm` 张伟, `.contact-email`): the
 * nearest short line above the one that shows the e-mail (or phone), in the smallest box
 * around it that holds a few lines — never an avatar's initial, a label, an id or a phone.
 */
function nameAbove(scope: Document | Element, value: string): { name: string; el: Element } | null {
  const root = scope.nodeType === Node.DOCUMENT_NODE ? (scope as Document).body : (scope as Element);
  if (!root) return null;
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let shown: Element | null = null;
  for (let n = walker.nextNode(); n && !shown; n = walker.nextNode()) if ((n.textContent ?? '').includes(value) && n.parentElement && isVisible(n.parentElement)) shown = n.parentElement;
  for (let box = shown?.parentElement ?? null, hops = 0; box && hops < 4 && box !== root.parentElement; box = box.parentElement, hops++) {
    if (box.closest('header, nav, [role=banner], [role=navigation], form')) return null;
    const kids = Array.from(box.children);
    if (kids.length < 2 || kids.length > 10) continue;
    const at = kids.findIndex((k) => k.contains(shown));
    const name = kids
      .slice(0, at)
      .reverse()
      .map((k) => visibleTextOf(k).text.replace(/\s+/g, ' ').trim())
      .find((l) => l.length >= 2 && l.length <= 40 && !l.includes('\n') && !EMAIL.test(l) && !PHONE.test(l) && !/[#＃]?\d{3,}/.test(l) && !labelKey(l) && !DATE_LINE.test(l));
    if (name) return { name, el: box };
  }
  return null;
}

/**
 * A contact card without labels (name, e-mail, phone on lines of their own, as sidebars print
 * them next to icons): a small block whose lines hold one e-mail; the name is the line before
 * it that is not an id, an e-mail or a phone. Never in the page header or navigation (that is
 * the agent's own account).
 */
function contactCard(scope: Document | Element): { fields: CustomerFields; el: Element } | null {
  const root = scope.nodeType === Node.DOCUMENT_NODE ? (scope as Document).body : (scope as Element);
  if (!root) return null;
  // A panel given as the scope may itself be the card (an accordion's content: its lines are its children).
  const own = scope.nodeType === Node.DOCUMENT_NODE ? [] : [root];
  for (const el of [...own, ...Array.from(root.querySelectorAll('div, section, aside, li, dl, address'))]) {
    if (el.childElementCount < 2 || el.childElementCount > 8 || el.closest('header, nav, [role=banner], [role=navigation], form')) continue;
    const lines = Array.from(el.children).map((c) => visibleTextOf(c).text).filter(Boolean);
    if (lines.length < 2 || lines.some((l) => l.length > 80 || l.includes('\n'))) continue;
    const emails = lines.filter((l) => EMAIL.test(l) && l.replace(EMAIL, '').trim() === '');
    if (emails.length !== 1) continue;
    const at = lines.indexOf(emails[0]!);
    const phone = lines.find((l) => PHONE.test(l) && l.replace(/[\d\s()+.-]/g, '').length === 0);
    const name = lines.slice(0, at).reverse().find((l) => !PHONE.test(l) && !/^[#A-Z]{0,6}-?\d{3,}$/.test(l) && l.length <= 40);
    const order = lines.find((l) => /^[A-Z]{2,5}-\d{4,}$/.test(l));
    return { el, fields: { ...(name ? { name } : {}), email: emails[0]!, ...(phone ? { phone } : {}), ...(order ? { orderId: order } : {}) } };
  }
  return null;
}

function fillFromPairs(pairs: Pair[], rule: CustomerRule | undefined, set: (k: CustomerKey, v: string) => void): void {
  for (const p of pairs) {
    const key = labelKey(p.label, rule?.fields);
    if (key) set(key, p.value);
  }
}

function fillFromLinks(where: Document | Element, set: (k: CustomerKey, v: string) => void): void {
  const mail = where.querySelector('a[href^="mailto:"]');
  if (mail) set('email', decodeURIComponent(mail.getAttribute('href')!.slice(7).split('?')[0]!));
  const tel = where.querySelector('a[href^="tel:"]');
  if (tel) set('phone', tel.getAttribute('href')!.slice(4));
}

/** Missing fields from another same-origin page (a user page), read without rendering it. */
export function readCustomerFromPage(doc: Document | Element, rule: CustomerRule | undefined, within?: string): CustomerFields {
  const root = (within && queryOne(doc, within)) || (doc.nodeType === Node.DOCUMENT_NODE ? (doc as Document).body : (doc as Element));
  const fields: CustomerFields = {};
  if (!root) return fields;
  for (const p of readPairs(root)) {
    const key = labelKey(p.label, rule?.fields);
    const v = key ? cleanValue(key, p.value || staticText(p.valueEl)) : null;
    if (key && v && !fields[key]) fields[key] = v;
  }
  return fields;
}

/**
 * The control that shows the customer's card in place (osTicket's name in the ticket header,
 * which opens the user popup; a CRM's contact chip): the customer's name as a link or button
 * that acts on this page — a `#` address, a button role, a handler — never a link elsewhere,
 * never inside a form.
 */
export function customerOpener(where: Document | Element, name: string): HTMLElement | null {
  const want = squash(name).toLowerCase();
  if (!want) return null;
  for (const el of Array.from(where.querySelectorAll<HTMLElement>('a[href], button, [role=button]')).slice(0, 500)) {
    if (squash(el.textContent ?? '').toLowerCase() !== want || el.closest('form') || !isVisible(el)) continue;
    const href = el.getAttribute('href');
    const inPlace = el.tagName !== 'A' || (href !== null && (href.startsWith('#') || /^javascript:/i.test(href))) || el.hasAttribute('onclick') || el.matches('[role=button], [data-toggle], [data-bs-toggle]');
    if (inPlace) return el;
  }
  return null;
}
