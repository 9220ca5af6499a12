/**
 * What an agent can teach, and which examples each needs. Pure data: the side panel shows
 * the steps, the content script turns the picks into rules. Lists need two examples to
 * generalise (a message list: one customer and one agent message, which also gives the role
 * rule); everything else needs one (a history list too: its rows' siblings generalise it).
 */
export const CAPABILITIES = [
  'recordId',
  'thread',
  'customerName',
  'customerEmail',
  'customerPhone',
  'customerOrder',
  'history',
  'reply',
  'send',
  'note',
  'noteSubmit',
  'ticketForm',
  'kb',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const SLOTS = ['one', 'customer', 'agent', 'note', 'author', 'oldest', 'first', 'second', 'idCell', 'titleCell'] as const;
export type Slot = (typeof SLOTS)[number];

export const STEPS: Record<Capability, { required: readonly Slot[]; optional: readonly Slot[] }> = {
  recordId: { required: ['one'], optional: [] },
  thread: { required: ['customer', 'agent'], optional: ['note', 'author', 'oldest'] },
  customerName: { required: ['one'], optional: [] },
  customerEmail: { required: ['one'], optional: [] },
  customerPhone: { required: ['one'], optional: [] },
  customerOrder: { required: ['one'], optional: [] },
  // One row is enough where there is only one (a customer with one earlier ticket); a second helps.
  history: { required: ['first'], optional: ['second', 'idCell', 'titleCell'] },
  reply: { required: ['one'], optional: [] },
  send: { required: ['one'], optional: [] },
  note: { required: ['one'], optional: [] },
  noteSubmit: { required: ['one'], optional: [] },
  ticketForm: { required: ['one'], optional: [] },
  kb: { required: ['one'], optional: [] },
};

/** Why a rule is the way it is, or what to watch (localised in the panel as teachNote_<code>). */
export const NOTE_CODES = [
  'positional',
  'byShape',
  'rolesByMark',
  'rolesByAlignment',
  'fromUrl',
  'oneExample',
  'sameEntry',
  'noStableSelector',
  'examplesDisagree',
  'displayNumber',
  'orderFromTimes',
  'orderFromOldest',
  'rolesByIdentity',
  'pageKind',
] as const;
export type NoteCode = (typeof NOTE_CODES)[number];
