/**
 * The service worker's message router. Each command names the one kind of sender it
 * accepts; the sender kind comes from chrome.runtime.MessageSender, not from the message.
 */
import { ToBackground, classifySender, refusal, type Reply } from '../messages/index.ts';
import { loadProfiles, setAsideFor } from '../profiles/store.ts';
import { loadSettings } from '../settings/store.ts';
import { appendAudit, clearAudit, readAudit } from './audit-store.ts';
import { cameFrom, forgetRecord, recordSeen } from './came-from.ts';
import { handOver, takeHandover } from './flow-handover.ts';
import { openPanelFor } from './commands.ts';
import { cancelGenerate, generate } from './generate.ts';
import { addPrepared, dispatchToTab, ledger, listForTab, stillBound } from './confirm.ts';
import { handleKb } from './kb.ts';
import { kbFetch } from './kb-fetch.ts';
import { exportStatus } from './log-export.ts';
import { settleFlow } from './flow-settle.ts';
import { awaitCheck, expectNextPage, pageArrived } from './next-page.ts';
import { currentView } from './settings-view.ts';
import { KIT_FILES } from '../content/kit-files.ts';

export function installRouter(): void {
  chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
    void route(raw, sender).then(sendResponse, (e: unknown) =>
      sendResponse(refusal('ROUTER_FAILED', e instanceof Error ? e.message : String(e), 'internal')),
    );
    return true;
  });
}

/** Teach mode, built beside the content script (vite.config.ts `teachScript`). */
const TEACH_SCRIPT = 'teach.js';

const notContent = () => refusal('NOT_CONTENT', 'Only a console tab sends this.');
const notPanel = () => refusal('NOT_PANEL', 'Only a person in the side panel can do this.');

/** Who may confirm: the roles in force, and whether an admin policy set them. */
async function confirmer() {
  const { settings, locked } = await loadSettings();
  return { settings, rolesSource: locked.includes('roles') ? ('policy' as const) : ('self' as const), approvedBy: settings.agentName || 'agent' };
}

export async function route(raw: unknown, sender: chrome.runtime.MessageSender): Promise<Reply<Record<string, unknown>>> {
  const parsed = ToBackground.safeParse(raw);
  if (!parsed.success) return refusal('BAD_MESSAGE', 'The message is not one deskhand understands.', 'validation');
  const msg = parsed.data;
  const from = classifySender(sender, chrome.runtime.id, chrome.runtime.getURL(''));
  const topFrame = from.kind === 'content' && from.frameId === 0;
  switch (msg.type) {
    case 'panel.open':
      // First, before any await: the key press's user gesture is only good synchronously.
      if (from.kind !== 'content') return refusal('NOT_CONTENT', 'Only a key press in a console tab opens the panel this way.');
      return openPanelFor(from.tabId);
    case 'tab.whoami':
      if (from.kind !== 'content') return notContent();
      // A console page's content script starting: a check from the page before may be answered now.
      if (topFrame) pageArrived(from.tabId);
      return { ok: true, tabId: from.tabId };
    case 'delivery.navigating':
      if (!topFrame) return notContent();
      expectNextPage(msg.checkId, msg.check, { tabId: from.tabId, origin: from.origin });
      return { ok: true };
    case 'delivery.await': {
      if (from.kind !== 'sidepanel') return notPanel();
      return { ok: true, result: await awaitCheck(msg.checkId) };
    }
    case 'settings.view':
      if (from.kind !== 'content') return notContent();
      return { ok: true, view: await currentView(from.origin) };
    case 'ledger.add':
      if (!topFrame) return notContent();
      return addPrepared(msg.call, { tabId: from.tabId, origin: from.origin, url: from.url });
    case 'audit.append':
      if (from.kind !== 'content') return notContent();
      // A content script may only log its own invoke records; nobody approved or decided anything
      // there, and whose log it is the worker says (appendAudit stamps the agent).
      await appendAudit(msg.records.filter((r) => r.kind === 'invoke').map((r) => ({ ...r, humanApproved: false, approvedBy: null, approverRoles: undefined, decidedBy: undefined })));
      return { ok: true };
    case 'confirm.list': {
      if (from.kind !== 'sidepanel') return notPanel();
      const [{ rolesSource }, lists] = await Promise.all([confirmer(), listForTab(msg.tabId)]);
      return { ok: true, ...lists, rolesSource };
    }
    case 'confirm.approve': {
      if (from.kind !== 'sidepanel') return notPanel();
      const { settings, rolesSource, approvedBy } = await confirmer();
      const res = await ledger.approve(msg.actionId, { fingerprint: msg.fingerprint, roles: settings.roles, rolesSource, approvedBy, check: stillBound }, (call) =>
        dispatchToTab(call, approvedBy),
      );
      if (res.status !== 'refused') await settleFlow(res.entry);
      // The reply says what the delivery did (`status`); a refusal is a refusal, not a failed delivery.
      return res.status === 'refused' ? { ok: false, error: res.error } : { ok: true, status: res.status, entry: res.entry, replay: res.replay };
    }
    case 'confirm.reject': {
      if (from.kind !== 'sidepanel') return notPanel();
      const { approvedBy } = await confirmer();
      const res = await ledger.reject(msg.actionId, approvedBy);
      if (res.status !== 'refused') await settleFlow(res.entry);
      return res.status === 'refused' ? { ok: false, error: res.error } : { ok: true, status: res.status, entry: res.entry };
    }
    case 'audit.clear':
      if (from.kind !== 'sidepanel' && from.kind !== 'options') return refusal('NOT_EXTENSION_PAGE', 'Only extension pages clear the log.');
      await clearAudit();
      return { ok: true };
    case 'llm.generate':
      if (!topFrame) return notContent();
      return generate(msg.requestId, from.tabId, msg.system, msg.user);
    case 'llm.cancel':
      if (!topFrame) return notContent();
      return { ok: true, cancelled: cancelGenerate(msg.requestId, from.tabId) };
    case 'plan.progress':
      if (!topFrame) return notContent();
      await chrome.storage.session.set({ [`plan:${from.tabId}`]: msg.run });
      return { ok: true };
    case 'kb':
      return handleKb(msg.request, from);
    case 'kb.fetch':
      return kbFetch(msg, from);
    case 'profiles.get':
      // The origin the browser stamped on the sender, never one named in the message.
      if (from.kind !== 'content') return refusal('NOT_CONTENT', 'Only a console tab asks for its profiles.');
      return { ok: true, profiles: await loadProfiles(from.origin), setAside: await setAsideFor(from.origin) };
    case 'teach.recorded':
    case 'teach.committed':
      // For the side panel that records (it checks the tab the browser stamped); nothing to do here.
      return from.kind === 'content' ? { ok: true } : notContent();
    case 'kit.load':
    case 'teach.load':
      if (from.kind !== 'content') return notContent();
      // Into the frame the browser says asked, in the extension's isolated world (the default).
      // A packaged file needs no web_accessible_resources: the page can neither load nor probe it.
      // The kit's parts one call each, in order: each is a task of its own in the page (kit-files.ts).
      for (const file of msg.type === 'kit.load' ? KIT_FILES : [TEACH_SCRIPT]) {
        await chrome.scripting.executeScript({ target: { tabId: from.tabId, frameIds: [from.frameId] }, files: [file] });
      }
      return { ok: true };
    case 'record.seen':
      // Kept under the URL the browser stamped on the sender, for the record's own tab.
      if (!topFrame) return notContent();
      await recordSeen(msg.record, { tabId: from.tabId, url: from.url });
      return { ok: true };
    case 'record.left':
      if (!topFrame) return notContent();
      await forgetRecord(from.tabId);
      return { ok: true };
    case 'record.cameFrom':
      if (!topFrame) return notContent();
      return { ok: true, record: await cameFrom({ tabId: from.tabId, url: from.url }) };
    case 'flow.handover':
      if (!topFrame) return notContent();
      handOver(msg.handover, { tabId: from.tabId, origin: from.origin });
      return { ok: true };
    case 'flow.resume':
      if (!topFrame) return notContent();
      return { ok: true, handover: takeHandover({ tabId: from.tabId, origin: from.origin }) };
    case 'logExport.status':
      if (from.kind !== 'sidepanel' && from.kind !== 'options') return refusal('NOT_EXTENSION_PAGE', 'Only extension pages read the log export\'s state.');
      return { ok: true, status: await exportStatus() };
    case 'audit.list':
      if (from.kind !== 'sidepanel' && from.kind !== 'options') return refusal('NOT_EXTENSION_PAGE', 'Only extension pages read the log.');
      return { ok: true, ...(await readAudit()) };
  }
}
