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

export const SLOTS = ['one', 'customer', 'agent', 'note', 'author', 'oldest', 'first', 'second', 'idCell', 'titleCell', 'titleField', 'bodyField', 'emailField', 'nameField', 'submitButton'] as const;
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
  // The form by its fields: the subject box is the form (its <form>, else what holds the picks),
  // and each picked box is that field whatever its label says ("To" is the customer's e-mail).
  ticketForm: { required: ['titleField'], optional: ['bodyField', 'emailField', 'submitButton', 'nameField'] },
  kb: { required: ['one'], optional: [] },
};

/**
 * The examples asked for one after another once "Show me" starts: the required ones, and for a
 * form every box in turn (a person points at each as they read down the form; Esc stops).
 */
export function sequenceOf(cap: Capability): readonly Slot[] {
  return cap === 'ticketForm' ? [...STEPS.ticketForm.required, ...STEPS.ticketForm.optional] : STEPS[cap].required;
}

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
  'followLink',
  'fromPopup',
] as const;
export type NoteCode = (typeof NOTE_CODES)[number];
