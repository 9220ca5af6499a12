/**
 * What a caller may tell the generic readers about a page: plain options (selectors, label
 * words), never a console profile. src/page turns a profile's rules into these; src/dom
 * knows no profile (docs/ARCHITECTURE.md, the floors).
 */

/** The roles a thread entry can have, as a person reads a conversation. */
export const THREAD_ROLES = ['customer', 'agent', 'note', 'system'] as const;
export type ThreadRole = (typeof THREAD_ROLES)[number];

/** The customer fields deskhand reads and fills. */
export const CUSTOMER_KEYS = ['name', 'email', 'phone', 'orderId', 'membership'] as const;
export type CustomerKey = (typeof CUSTOMER_KEYS)[number];

/** The value of one element: its text, or an attribute, optionally through a pattern (one group). */
export interface PickRule {
  readonly css: string;
  readonly attr?: string | undefined;
  readonly pattern?: string | undefined;
}

export interface ThreadRule {
  readonly container?: string | undefined;
  /** One element per entry (messages, replies, notes, events). */
  readonly entry: string;
  /** An entry that matches `css` has this role; first rule wins. */
  readonly roles?: readonly { readonly role: ThreadRole; readonly css: string }[] | undefined;
  readonly author?: string | undefined;
  readonly time?: string | undefined;
  readonly body?: string | undefined;
  /** Parts of an entry that are not the message (toolbars, quoted history, signatures). */
  readonly exclude?: readonly string[] | undefined;
  /** How the page lists the entries; unset: derived from the entries' times (thread.ts). */
  readonly order?: ThreadOrder | undefined;
  /** `identity`: the customer is whoever the customer panel names; every other poster is staff (roles.ts). */
  readonly customerBy?: 'identity' | undefined;
}

/** How a console lists a thread: the reader always returns it oldest first. */
export const THREAD_ORDERS = ['oldest-first', 'newest-first'] as const;
export type ThreadOrder = (typeof THREAD_ORDERS)[number];

export interface FieldHint {
  readonly css?: string | undefined;
  readonly attr?: string | undefined;
  /** Extra label words for this field on this page. */
  readonly label?: readonly string[] | undefined;
}

export interface CustomerRule {
  readonly container?: string | undefined;
  readonly fields?: Partial<Record<CustomerKey, FieldHint>> | undefined;
}

export interface HistoryRule {
  readonly container?: string | undefined;
  readonly item?: string | undefined;
  readonly id?: PickRule | undefined;
  readonly title?: string | undefined;
  readonly status?: string | undefined;
  readonly date?: string | undefined;
  /** The row's category, as a person filed it (category.match learns from these). */
  readonly category?: string | undefined;
}
