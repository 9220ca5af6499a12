/**
 * Attacks from issue 14, each against the built extension in real Chromium: the content-script
 * world driven directly (as a compromised renderer would), the worker's clock moved, forged
 * senders and journal entries. Each test is named after the attack it stops. None of them
 * times anything against the panel's dwell or fills storage, so they run in the parallel pool;
 * the ones that do are in e2e/security.test.ts, which runs alone (vitest.config.ts).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { canonicalOf } from '../src/tools/prepared.ts';
import { sha256Hex } from '../src/tools/canonical.ts';
import type { PreparedCall, ToolResult } from '../src/tools/types.ts';
import { confirmCard, DIST, inContentWorld, launchedWorker, mutations, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let page: Page;
let tabId: number;
let panel: Page;

beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT', 'REFUND_APPROVER'], agentName: 'sec-agent', llm: { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'sk-test-secret-0123456789abcdef', model: 'x' } });
});
afterAll(async () => h?.close());
beforeEach(async () => {
  ({ page, tabId } = await h.freshConsole());
  panel = await h.panel(tabId);
});

const pending = (r: ToolResult): PreparedCall => {
  if (r.status !== 'needs_confirmation') throw new Error(`expected a confirmation, got ${JSON.stringify(r)}`);
  return r.call;
};
const sent = async () => mutations(await h.log()).filter((e) => e.path.endsWith('/messages') || e.path === '/api/refunds');
const approveFrom = (p: Page, call: Pick<PreparedCall, 'actionId' | 'fingerprint'>) =>
  p.evaluate((a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id: call.actionId, fp: call.fingerprint }) as Promise<{
    ok: boolean;
    replay?: boolean;
    error?: { code: string };
    entry?: { state: string; outcome?: { error?: { code: string } } };
  }>;
/** The refusal code of an approve, whether refused now or replayed as an outcome an open panel had already recorded. */
const refusalCode = (r: Awaited<ReturnType<typeof approveFrom>>) => (r.ok ? r.entry?.outcome?.error?.code : r.error?.code);
const auditRecords = () => h.worker.evaluate(async () => ((await chrome.storage.local.get('audit')).audit ?? []) as { tool: string; status: string; errorCode: string | null; summary: string; input: unknown; humanApproved: boolean }[]);
const storedEntry = (id: string) => h.worker.evaluate(async (a: string) => (await chrome.storage.session.get(`ledger:${a}`))[`ledger:${a}`] as { state: string } | undefined, id);

/** Moves a stored call's creation back: `wallMs` on the wall clock, `monoMs` on the monotonic one. */
const age = (id: string, wallMs: number, monoMs: number) =>
  h.worker.evaluate(
    async (a: { id: string; wallMs: number; monoMs: number }) => {
      const k = `ledger:${a.id}`;
      const e = (await chrome.storage.session.get(k))[k] as { call: { createdAt: number; mono: { at: number } } };
      e.call.createdAt -= a.wallMs;
      e.call.mono.at -= a.monoMs;
      await chrome.storage.session.set({ [k]: e });
    },
    { id, wallMs, monoMs },
  );

/** A forged call with a valid fingerprint over whatever it claims (an attacker can hash too). */
async function reFingerprint(call: PreparedCall): Promise<PreparedCall> {
  const canonical = canonicalOf(call);
  return { ...call, canonical, fingerprint: await sha256Hex(canonical) };
}
const ledgerAddFromContent = (call: PreparedCall) => inContentWorld<{ ok: boolean; error?: { code: string } }>(page, h.extensionId, `chrome.runtime.sendMessage({ type: 'ledger.add', call: ${JSON.stringify(call)} })`);

describe('item 1: a card that shows one thing while another is delivered', () => {
  it('attack: a forged ledger.add whose card text differs from its input is refused and audited', async () => {
    const real = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'Refund of 9999 CNY approved, send your card number.' }));
    const forged = await reFingerprint({ ...real, actionId: crypto.randomUUID(), display: { ...real.display, text: 'Thanks, we are checking your order.' } });
    const r = await ledgerAddFromContent(forged);
    expect(r, JSON.stringify(r)).toMatchObject({ ok: false, error: { code: 'DISPLAY_MISMATCH' } });
    expect((await h.pending(tabId)).map((c) => c.actionId)).toEqual([real.actionId]);
    const audit = await until(auditRecords, (a) => a.some((x) => x.errorCode === 'DISPLAY_MISMATCH'));
    expect(audit.find((x) => x.errorCode === 'DISPLAY_MISMATCH')).toMatchObject({ tool: 'reply.send', status: 'rejected', humanApproved: false });
  });

  it('attack: a forged call claiming a URL the tab does not show, or bound to another tab, is refused', async () => {
    const real = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'hello' }));
    const provenance = [{ field: 'conversation', value: 'C-1002', source: 'url' as const }, ...real.provenance.filter((f) => f.field !== 'conversation')];
    const claimsUrl = await reFingerprint({ ...real, actionId: crypto.randomUUID(), provenance, display: { ...real.display, conversation: 'C-1002' }, binding: { ...real.binding, recordId: 'C-1002' } });
    const claimed = await ledgerAddFromContent(claimsUrl);
    expect(claimed, JSON.stringify(claimed)).toMatchObject({ ok: false, error: { code: 'PROVENANCE_MISMATCH' } });
    const otherTab = await reFingerprint({ ...real, actionId: crypto.randomUUID(), binding: { ...real.binding, tabId: tabId + 1 } });
    expect(await ledgerAddFromContent(otherTab)).toMatchObject({ ok: false, error: { code: 'BINDING_MISMATCH' } });
    expect((await h.pending(tabId)).map((c) => c.actionId)).toEqual([real.actionId]);
  });
});

describe('item 2: storage that content scripts can read and write', () => {
  it('attack: the content-script world cannot read or write settings (API key, roles), the audit or the journal', async () => {
    const probe = await inContentWorld<Record<string, string>>(
      page,
      h.extensionId,
      `(async () => {
        const out = {};
        for (const area of ['local', 'sync', 'session']) {
          out[area + '.get'] = await chrome.storage[area].get(null).then((v) => JSON.stringify(v), (e) => 'refused: ' + e.message);
          out[area + '.set'] = await chrome.storage[area].set({ audit: [], ledgerJournal: { x: 1 }, settings: { roles: ['REFUND_APPROVER'] } }).then(() => 'written', (e) => 'refused: ' + e.message);
        }
        const view = await chrome.runtime.sendMessage({ type: 'settings.view' });
        out.view = JSON.stringify(view);
        return out;
      })()`,
    );
    for (const area of ['local', 'sync', 'session']) {
      expect(probe[`${area}.get`]).toMatch(/^refused/);
      expect(probe[`${area}.set`]).toMatch(/^refused/);
    }
    // The settings a content script gets: no endpoint, no key, no roles.
    expect(probe.view).toContain('"hotkeys"');
    expect(probe.view).not.toContain('sk-test-secret');
    expect(probe.view).not.toContain('"llm"');
    expect(probe.view).not.toContain('REFUND_APPROVER');
    const roles = await h.worker.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { roles: string[] }).roles);
    expect(roles).toEqual(['AGENT', 'REFUND_APPROVER']);
  });

  it('content scripts still follow settings changes (pushed by the worker)', async () => {
    await h.settings({ hotkeys: { fillCustomer: 'Alt+Shift+Y' } });
    const view = await until(
      () => inContentWorld<{ hotkeys: { fillCustomer: string } }>(page, h.extensionId, `chrome.runtime.sendMessage({ type: 'settings.view' }).then((r) => r.view)`),
      (v) => v.hotkeys.fillCustomer === 'Alt+Shift+Y',
    );
    expect(view.hotkeys.fillCustomer).toBe('Alt+Shift+Y');
    await h.settings({ hotkeys: { fillCustomer: 'Alt+Shift+F' } });
  });
});

describe('item 3: clock rollback', () => {
  it('attack: with the worker clock moved back 10 minutes, a HIGH call past its real TTL is refused (clock before creation)', async () => {
    const call = pending(await h.invoke(panel, tabId, 'refund.request', { orderId: 'ORD-20261101', amount: 10, currency: 'CNY', reason: 'clock test' }));
    // The clock goes back first: whenever the open panel's refresh or the approve looks at the
    // call from here on, the clock reads before its creation (one answer, not a race with EXPIRED).
    await h.worker.evaluate(() => {
      const real = Date.now.bind(Date);
      (globalThis as { __realNow?: () => number }).__realNow = real;
      Date.now = () => real() - 10 * 60_000;
    });
    await age(call.actionId, 4 * 60_000, 4 * 60_000); // 4 minutes really passed (HIGH lives 3)
    try {
      expect(refusalCode(await approveFrom(panel, call))).toBe('CLOCK_CHANGED');
    } finally {
      await h.worker.evaluate(() => {
        Date.now = (globalThis as { __realNow?: () => number }).__realNow!;
      });
    }
    expect(await sent()).toEqual([]);
  });

  it('attack: a clock moved back less than the age is caught by the monotonic age', async () => {
    const call = pending(await h.invoke(panel, tabId, 'refund.request', { orderId: 'ORD-20261101', amount: 10, currency: 'CNY', reason: 'clock test' }));
    // The wall clock says 1 minute old (it was moved back); the monotonic clock saw 4 minutes.
    await age(call.actionId, 60_000, 4 * 60_000);
    expect(refusalCode(await approveFrom(panel, call))).toBe('EXPIRED');
    expect(await sent()).toEqual([]);
  });
});

describe('items 4 and 5: hidden characters and confirmation fatigue', () => {
  it('attack: zero-width and homoglyph characters are shown as markers with a count; URLs, phones and e-mails are highlighted', async () => {
    const text = 'Pay at https://pаypal.example/login\u200b or call 13812345678, mail help@paypal.example';
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text }));
    await panel.reload({ waitUntil: 'load' });
    const card = `.card[data-action-id="${call.actionId}"]`;
    await panel.waitForSelector(`${card} .hidden-warning`);
    expect(await panel.$eval(`${card} .hidden-warning`, (el) => (el as HTMLElement).dataset.count)).toBe('2');
    const kinds = await panel.$$eval(`${card} .exact-text mark.hidden-char`, (els) => els.map((e) => (e as HTMLElement).dataset.kind));
    expect(kinds.sort()).toEqual(['confusable', 'zero_width']);
    expect(await panel.$eval(`${card} .exact-text`, (el) => el.textContent)).toContain('U+200B');
    // Phones are marked once libphonenumber has loaded, after the first render (card-text.tsx).
    await panel.waitForSelector(`${card} .exact-text mark.hl-phone`);
    const marks = await panel.$$eval(`${card} .exact-text mark.hl`, (els) => els.map((e) => (e as HTMLElement).dataset.kind));
    expect(marks.sort()).toEqual(['email', 'phone', 'url']);
  });

  it('attack: reply.send with bidi overrides or tag characters is refused with a clear validation error', async () => {
    for (const text of ['refund \u202Edetsil\u202C approved', 'ok\u{E0069}\u{E0067}\u{E006E}']) {
      const r = await h.invoke(panel, tabId, 'reply.send', { text });
      if (!('error' in r)) throw new Error(`expected a refusal, got ${JSON.stringify(r)}`);
      expect(r.error).toMatchObject({ type: 'validation', code: 'INVALID_INPUT' });
      expect(r.error.fields?.[0]?.message).toMatch(/bidi|tag character/);
    }
    expect(await h.pending(tabId)).toEqual([]);
  });
});

describe('item 7: secrets in the audit and the journal', () => {
  it('attack: card numbers, IBANs, tokens and phones in every common form never reach the audit or the journal raw', async () => {
    const secrets = ['4111 1111 1111 1111', 'DE89 3704 0044 0532 0130 00', 'sk-proj-abcdefghijklmnopqrstuvwx', 'Bearer abcdefghijklmnop.qrstu', '010-6552-1234', '(555) 123-4567', '021 5555 6666', 'zhang.wei@example.com'];
    const text = `客户资料：${secrets.join('；')}`;
    await h.invoke(panel, tabId, 'note.add', { text: text.slice(0, 500) });
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text }));
    const stored = await until(
      () => h.worker.evaluate(async () => JSON.stringify(await chrome.storage.local.get(['audit', 'ledgerJournal']))),
      (s) => s.includes('note.add') && s.includes(call.actionId),
    );
    for (const s of secrets) expect(stored, s).not.toContain(s);
    expect(stored).toContain('****1111');
    expect(stored).toContain('010****1234');
  });
});

describe('item 10: sender checks', () => {
  it('attack: confirm.approve from the content-script world or the options page is refused; only the side panel confirms', async () => {
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'not from here' }));
    const fromContent = await inContentWorld<{ ok: boolean; error?: { code: string } }>(
      page,
      h.extensionId,
      `chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: ${JSON.stringify(call.actionId)}, fingerprint: ${JSON.stringify(call.fingerprint)} })`,
    );
    expect(fromContent).toMatchObject({ ok: false, error: { code: 'NOT_PANEL' } });
    const options = await h.browser.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/src/options/index.html`, { waitUntil: 'load' });
    expect(await approveFrom(options, call)).toMatchObject({ ok: false, error: { code: 'NOT_PANEL' } });
    await options.close();
    expect((await storedEntry(call.actionId))?.state).toBe('pending');
    expect(await sent()).toEqual([]);
  });

  it('attack: confirm.execute sent to the tab by anyone but the service worker is refused', async () => {
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'executed from the panel?' }));
    const r = await panel.evaluate(
      (a: { tabId: number; call: unknown }) => chrome.tabs.sendMessage(a.tabId, { type: 'confirm.execute', call: a.call, approvedBy: 'panel' }, { frameId: 0 }),
      { tabId, call },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_FROM_BACKGROUND' } });
    await new Promise((res) => setTimeout(res, 300));
    expect(await sent()).toEqual([]);
  });
});

describe('item 2: journal replay only after a real reload', () => {
  const journal = () => h.worker.evaluate(async () => ((await chrome.storage.local.get('ledgerJournal')).ledgerJournal ?? {}) as Record<string, unknown>);
  /** A journal entry written from outside deskhand (no valid signature): "uncertain: refund of 9999 CNY". */
  const forgeJournalEntry = async () => {
    const id = crypto.randomUUID();
    const forged = { state: 'dispatched', mac: 'f'.repeat(64), call: { actionId: id, tool: 'refund.request', title: 'Request refund', input: { orderId: 'ORD-1', amount: 9999, currency: 'CNY', reason: 'forged' }, binding: { tabId }, traceId: 't', sideEffect: 'write', risk: 'high' } };
    await h.worker.evaluate(async (a: { id: string; e: unknown }) => {
      const j = ((await chrome.storage.local.get('ledgerJournal')).ledgerJournal ?? {}) as Record<string, unknown>;
      j[a.id] = a.e;
      await chrome.storage.local.set({ ledgerJournal: j });
    }, { id, e: forged });
    return id;
  };
  /** One call left pending and one confirmed while the console hangs (so it stays "dispatched"). */
  const openCalls = async () => {
    const waiting = pending(await h.invoke(panel, tabId, 'refund.request', { orderId: 'ORD-20261101', amount: 10, currency: 'CNY', reason: 'still waiting for a person' }));
    await fetch(`${h.server.url}/api/_faults`, { method: 'POST', body: JSON.stringify({ path: '/messages$', mode: 'hang' }) });
    const hung = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'confirmed, console hangs' }));
    const approving = approveFrom(panel, hung).catch((e: unknown) => String(e)); // its worker goes away mid-delivery
    await until(() => h.log(), (l) => mutations(l).length === 1);
    expect((await storedEntry(hung.actionId))?.state).toBe('dispatched');
    expect(Object.keys(await journal())).toEqual(expect.arrayContaining([waiting.actionId, hung.actionId]));
    return { waiting, hung, approving };
  };
  const outcomeOf = (id: string) =>
    h.worker.evaluate(async (a: string) => (await chrome.storage.session.get(`ledger:${a}`))[`ledger:${a}`] as { state: string; call: { fingerprint: string }; outcome?: { error?: { code: string } } } | undefined, id);

  it('attack: a service-worker restart (not a reload) replays nothing: the forged entry is never read, a pending call stays pending and confirmable, a dispatched one becomes uncertain and is not retried', async () => {
    const { waiting, hung, approving } = await openCalls();
    const forgedId = await forgeJournalEntry();
    await h.worker.evaluate(() => ((globalThis as { __oldWorker?: true }).__oldWorker = true));

    // Stop the worker the way Chrome does when it idles: storage.session (the ledger) stays.
    const old = h.worker;
    await old.close();
    await until(async () => h.browser.targets().some((t) => t.type() === 'service_worker' && t.url().startsWith(`chrome-extension://${h.extensionId}/`)), (up) => !up);
    // A message from the panel starts a new one.
    await panel.evaluate((id: number) => chrome.runtime.sendMessage({ type: 'confirm.list', tabId: id }), tabId);
    h.worker = await launchedWorker(h.browser, h.extensionId, old);
    expect(await h.worker.evaluate(() => (globalThis as { __oldWorker?: true }).__oldWorker ?? null)).toBeNull();
    expect(await approving).toMatch(/closed|port|Error/i); // the panel's request died with the old worker

    // The interrupted delivery is uncertain, never executed; the pending call is untouched.
    expect(await until(() => outcomeOf(hung.actionId), (e) => e?.state === 'uncertain')).toMatchObject({ state: 'uncertain', outcome: { error: { code: 'INTERRUPTED' } } });
    expect(await outcomeOf(waiting.actionId)).toMatchObject({ state: 'pending', call: { fingerprint: waiting.fingerprint } });
    // No replay ran: the forged entry is still unread in the journal, nowhere in the ledger or the audit.
    expect(await storedEntry(forgedId)).toBeUndefined();
    expect(Object.keys(await journal())).toContain(forgedId);
    const audit = await auditRecords();
    expect(audit.filter((x) => x.errorCode === 'JOURNAL_ENTRY_NOT_SIGNED' || x.errorCode === 'EXTENSION_RELOADED')).toEqual([]);
    expect(audit.some((x) => JSON.stringify(x).includes(forgedId))).toBe(false);

    await panel.reload({ waitUntil: 'load' });
    await panel.waitForSelector(`.outcome[data-action-id="${hung.actionId}"][data-state="uncertain"]`);
    expect(await panel.$(`[data-action-id="${forgedId}"]`)).toBeNull();
    // The pending call is still a person's to confirm, once.
    await confirmCard(panel, waiting.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${waiting.actionId}"][data-state="executed"]`);
    const posts = mutations(await h.log()).map((e) => `${e.path} ${(e.body as { text?: string; reason?: string }).text ?? (e.body as { reason?: string }).reason}`);
    expect(posts).toEqual(['/api/conversations/C-1001/messages confirmed, console hangs', '/api/refunds still waiting for a person']);
    await h.worker.evaluate(() => chrome.storage.local.set({ ledgerJournal: {} }));
  }, 60_000);

  it('attack: after an extension reload open calls come back expired (pending) or uncertain (dispatched), never executed; a forged entry is dropped and audited', async () => {
    const { waiting, hung, approving } = await openCalls();
    const forgedId = await forgeJournalEntry();
    // Reload the unpacked extension as chrome://extensions does (the same path, the same id): storage.session is cleared.
    const old = h.worker;
    expect(await h.browser.installExtension(DIST)).toBe(h.extensionId);
    const after = await h.panel(tabId);
    h.worker = await launchedWorker(h.browser, h.extensionId, old);
    await approving;

    expect(await until(() => outcomeOf(waiting.actionId), (e) => !!e, 15_000)).toMatchObject({ state: 'expired', outcome: { error: { code: 'EXTENSION_RELOADED' } } });
    expect(await outcomeOf(hung.actionId)).toMatchObject({ state: 'uncertain', outcome: { error: { code: 'EXTENSION_RELOADED' } } });
    expect(await storedEntry(forgedId)).toBeUndefined();
    expect(await until(journal, (j) => Object.keys(j).length === 0)).toEqual({});
    const audit = await until(auditRecords, (a) => a.some((x) => x.errorCode === 'JOURNAL_ENTRY_NOT_SIGNED'), 15_000);
    expect(audit.find((x) => x.errorCode === 'JOURNAL_ENTRY_NOT_SIGNED')).toMatchObject({ humanApproved: false, status: 'rejected' });
    expect(audit.some((x) => JSON.stringify(x).includes(forgedId))).toBe(false);

    await after.reload({ waitUntil: 'load' });
    await after.waitForSelector(`.outcome[data-action-id="${waiting.actionId}"][data-state="expired"]`);
    await after.waitForSelector(`.outcome[data-action-id="${hung.actionId}"][data-state="uncertain"]`);
    expect(await after.$('.card')).toBeNull();
    expect(await after.$(`[data-action-id="${forgedId}"]`)).toBeNull();
    // Approving the old card now acts on nothing: it reports the recorded outcome.
    expect(await approveFrom(after, waiting)).toMatchObject({ ok: true, replay: true, entry: { state: 'expired' } });
    expect(mutations(await h.log()).map((e) => e.path)).toEqual(['/api/conversations/C-1001/messages']);
    await after.close();
  }, 60_000);
});
