/**
 * Customer cards without labels, as sidebars and CRM widgets are built: a block whose class
 * says what it is (`customer-card`, `requester-info`, `contact-panel`) holding fields whose
 * classes say what each one is (`customer-name`, `customer-email`, `phone`), and editable
 * cards where the values sit in inputs next to a plain key (`<span>Email</span><input value>`).
 * A label table or `<dl>` is read by pairs.ts; this covers the cards that have none.
 */
import type { CustomerKey } from './rules.ts';
import { hasAny, markupTokens } from './tokens.ts';
import { elementVisible, visibleTextOf } from './visible.ts';

/** Words in a block's markup that make it the customer's (never "user": that is the agent's own menu). */
const PANEL_WORDS = ['customer', 'customers', 'requester', 'requestor', 'client', 'contact', 'enduser', 'visitor', 'endcustomer', 'crm'];

/** Words in a field's markup that say which customer field it is. */
const FIELD_WORDS: Record<CustomerKey, readonly string[]> = {
  name: ['name', 'fullname', 'displayname', 'customername', 'contactname', 'clientname', 'requestername'],
  email: ['email', 'mail', 'emailaddress', 'emails'],
  phone: ['phone', 'tel', 'telephone', 'mobile', 'cell', 'cellphone', 'phonenumber', 'phones'],
  orderId: ['order', 'orderid', 'orderno', 'ordernumber'],
  membership: ['membership', 'plan', 'tier', 'level', 'vip', 'segment'],
};

/** A "name" of something else: the customer's company, the mailbox, a product. */
const NOT_PERSON = ['company', 'org', 'organization', 'organisation', 'business', 'firm', 'mailbox', 'inbox', 'product', 'file', 'brand', 'team', 'group', 'department', 'job', 'role', 'title', 'since', 'created', 'date', 'time', 'location', 'address', 'city'];

const TOP = 'header, nav, [role=banner], [role=navigation], [role=menu], [aria-haspopup]';

/**
 * The block named for the customer by its markup that holds most customer fields (ties: the
 * smallest), outside the top bar and menus; null when none holds two fields or an e-mail.
 */
export function cardByMarkup(doc: Document, keyOfLabel: (label: string) => CustomerKey | null): Element | null {
  let best: { el: Element; n: number; size: number } | null = null;
  for (const el of Array.from(doc.querySelectorAll('div, section, aside, ul, dl, li, article, form, address')).slice(0, 4000)) {
    if (el.childElementCount < 1 || !hasAny(markupTokens(el), PANEL_WORDS) || el.closest(TOP) || !elementVisible(el)) continue;
    const keys = new Set<CustomerKey>(Object.keys(fieldsByMarkup(el)) as CustomerKey[]);
    for (const p of inputPairs(el)) {
      const k = keyOfLabel(p.label);
      if (k) keys.add(k);
    }
    const n = keys.size;
    if (n < 2 && !keys.has('email')) continue;
    const size = el.getElementsByTagName('*').length;
    if (!best || n > best.n || (n === best.n && size < best.size)) best = { el, n, size };
  }
  return best?.el ?? null;
}

/** Fields a card names by markup (`.customer-email`, `name="phone"`), raw text, first of each kind. */
export function fieldsByMarkup(card: Element): Partial<Record<CustomerKey, string>> {
  const out: Partial<Record<CustomerKey, string>> = {};
  for (const el of Array.from(card.querySelectorAll('*')).slice(0, 300)) {
    const key = fieldKey(el);
    if (!key || out[key]) continue;
    const value = valueOf(el);
    if (value) out[key] = value;
  }
  return out;
}

function fieldKey(el: Element): CustomerKey | null {
  const tokens = markupTokens(el);
  for (const key of Object.keys(FIELD_WORDS) as CustomerKey[]) {
    if (!hasAny(tokens, FIELD_WORDS[key])) continue;
    if (key === 'name' && hasAny(tokens, NOT_PERSON)) return null;
    return key;
  }
  return null;
}

/** What a field shows: an input's value, else its visible text when it is one short line. */
function valueOf(el: Element): string {
  if (el instanceof HTMLInputElement) return el.type === 'hidden' || el.type === 'password' ? '' : el.value.trim();
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || !elementVisible(el)) return '';
  const t = visibleTextOf(el).text.trim();
  return t && t.length <= 120 && !t.includes('\n') ? t : '';
}

/**
 * Values shown in text inputs beside a plain key (an editable CRM card): the key is the
 * input's label, its `aria-label`, or the short text just before it in its row.
 */
export function inputPairs(card: Element): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  for (const input of Array.from(card.querySelectorAll('input'))) {
    if (!/^(text|email|tel|url|search|)$/.test(input.getAttribute('type') ?? '') || !input.value.trim() || !elementVisible(input)) continue;
    const label = keyOf(input);
    if (label) out.push({ label, value: input.value.trim() });
  }
  return out;
}

function keyOf(input: HTMLInputElement): string {
  const labelled = input.labels?.[0]?.textContent ?? input.getAttribute('aria-label') ?? '';
  if (labelled.trim()) return labelled.trim();
  for (let sib = input.previousElementSibling; sib; sib = sib.previousElementSibling) {
    const t = (sib.textContent ?? '').trim();
    if (t) return t.length <= 30 ? t : '';
  }
  return '';
}
