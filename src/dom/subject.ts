/**
 * The open record's subject as a person reads it off the page, when no profile says where it
 * is: a main heading that carries the record id, minus the id ("耳机左耳无声 #C-1001"), else
 * the page's first main heading. Consoles often head a record with a word and its number
 * ("对话 #5120", "Ticket #452271") or with the customer's name, and show the subject just
 * beside that heading (a line under it, the next table cell); then the text beside is the
 * subject. A chat console with no heading at all shows the topic right after the visitor's
 * name in the record's header bar.
 */
import { idFromText } from './ids.ts';
import { collectRoots } from './roots.ts';
import { isVisible, normLabel } from './text.ts';
import { visibleTextOf } from './visible.ts';

/** Words that name the kind of record, not its subject. */
const RECORD_WORDS = ['对话', '会话', '工单', '聊天', '咨询', '案例', '请求', '记录', 'conversation', 'ticket', 'chat', 'case', 'request', 'incident', 'issue', 'thread'];

const text = (el: Element) => visibleTextOf(el).text.replace(/\s+/g, ' ').trim();

/** `t` without the record id (`ids`: the ones the page model knows; else the first id-shaped token, as in a heading). */
function stripId(t: string, ids: readonly string[]): string {
  const id = ids.find((i) => i && t.includes(i)) ?? (ids.length ? null : idFromText(t));
  return id ? t.replace(new RegExp(`\\s*[(（]?#?\\s?${id.replace(/[-]/g, '\\-')}[)）]?\\s*`), ' ').replace(/\s+/g, ' ').trim() : t;
}

/** The heading says what kind of record this is, or whose, but not what it is about. */
function saysNothing(t: string, customer: string): boolean {
  const n = normLabel(t).replace(/[#:：\s]+$/, '');
  return !n || RECORD_WORDS.includes(n) || (!!customer && n === normLabel(customer));
}

/** A short line of text beside `el`: its next visible sibling, or its parent's (a heading alone in its cell). */
function besideText(el: Element, ids: readonly string[]): string {
  let cur: Element | null = el;
  for (let level = 0; cur && level < 2; level++, cur = cur.parentElement) {
    for (let sib = cur.nextElementSibling; sib; sib = sib.nextElementSibling) {
      if (!isVisible(sib)) continue;
      if (sib.matches('input, select, textarea, button, form, h1, h2, h3') || sib.querySelector('input, select, textarea, button, form, h1, h2, h3')) break;
      const t = text(sib);
      if (t && t.length <= 200) return stripId(t, ids);
      break;
    }
    if (cur.parentElement && cur.parentElement.childElementCount > 1) break;
  }
  return '';
}

function headingSubject(doc: Document, customer: string, ids: readonly string[]): string | null {
  // querySelectorAll answers in document order, so the main region's headings are taken first by hand.
  const inMain = Array.from(doc.querySelectorAll('main h1, main h2, [role=main] h1, [role=main] h2')).filter((h) => isVisible(h));
  const headings = [...inMain, ...Array.from(doc.querySelectorAll('h1, h2')).filter((h) => isVisible(h) && !inMain.includes(h))];
  const withId = headings.find((h) => idFromText(h.textContent ?? ''));
  const h = withId ?? headings[0];
  if (!h) return null;
  const own = stripId(visibleTextOf(h).text.replace(/\n/g, ' ').trim(), []);
  if (!saysNothing(own, customer)) return own;
  // The line beside keeps ids that are not the record's ("Charged twice for order ORD-20261115").
  return besideText(h, ids) || own;
}

/** A header bar that starts with the customer's name: what follows the name is the topic. */
function headerSubject(doc: Document, customer: string, ids: readonly string[]): string {
  if (!customer) return '';
  const want = normLabel(customer);
  for (const root of collectRoots(doc)) {
    for (const header of Array.from(root.querySelectorAll('header'))) {
      const first = header.firstElementChild;
      if (!first || normLabel(text(first)) !== want || !isVisible(header)) continue;
      const t = besideText(first, ids);
      if (t) return t;
    }
  }
  return '';
}

/** `ids`: the open record's ids as the page model read them (only those are cut from the subject beside a heading). */
export function readSubject(doc: Document, customerName: string, ids: readonly string[] = []): string {
  const known = ids.filter(Boolean);
  return headingSubject(doc, customerName, known) ?? headerSubject(doc, customerName, known);
}
