/**
 * The service worker's message router. Each command names the one kind of sender it
 * accepts; the sender kind comes from chrome.runtime.MessageSender, not from the message.
 */
import { ToBackground, classifySender, refusal, type Reply } from '../messages/index.ts';
import { loadSettings } from '../settings/store.ts';
import { appendAudit, clearAudit, readAudit } from './audit-store.ts';
import { openPanelFor } from './commands.ts';
import { generate } from './generate.ts';
import { addPrepared, dispatchToTab, ledger, listForTab } from './confirm.ts';
import { handleKb } from './kb.ts';

export function installRouter(): void {
  chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
    void route(raw, sender).then(sendResponse, (e: unknown) =>
      sendResponse(refusal('ROUTER_FAILED', e instanceof Error ? e.message : String(e), 'internal')),
    );
    return true;
  });
}

export async function route(raw: unknown, sender: chrome.runtime.MessageSender): Promise<Reply<Record<string, unknown>>> {
  const parsed = ToBackground.safeParse(raw);
  if (!parsed.success) return refusal('BAD_MESSAGE', 'The message is not one deskhand understands.', 'validation');
  const msg = parsed.data;
  const from = classifySender(sender, chrome.runtime.id, chrome.runtime.getURL(''));
  switch (msg.type) {
    case 'panel.open':
      // First, before any await: the key press's user gesture is only good synchronously.
      if (from.kind !== 'content') return refusal('NOT_CONTENT', 'Only a key press in a console tab opens the panel this way.');
      return openPanelFor(from.tabId);
    case 'tab.whoami':
      if (from.kind !== 'content') return refusal('NOT_CONTENT', 'Only a content script has a tab.');
      return { ok: true, tabId: from.tabId };
    case 'ledger.add':
      if (from.kind !== 'content' || from.frameId !== 0) return refusal('NOT_CONTENT', 'Only a console tab prepares actions.');
      return addPrepared(msg.call, { tabId: from.tabId, origin: from.origin });
    case 'audit.append':
      if (from.kind !== 'content') return refusal('NOT_CONTENT', 'Only content scripts append invoke records.');
      // A content script may only log invoke records; confirmation outcomes are the ledger's.
      await appendAudit(msg.records.filter((r) => r.kind === 'invoke'));
      return { ok: true };
    case 'confirm.list':
      if (from.kind !== 'sidepanel') return refusal('NOT_PANEL', 'Only the side panel lists confirmations.');
      return { ok: true, ...(await listForTab(msg.tabId)) };
    case 'confirm.approve': {
      if (from.kind !== 'sidepanel') return refusal('NOT_PANEL', 'Only a person in the side panel can confirm.');
      const { settings } = await loadSettings();
      const approvedBy = settings.agentName || 'agent';
      const res = await ledger.approve(msg.actionId, { fingerprint: msg.fingerprint, roles: settings.roles, approvedBy }, (call) =>
        dispatchToTab(call, approvedBy),
      );
      return res.ok ? { ok: true, entry: res.entry, replay: res.replay } : { ok: false, error: res.error };
    }
    case 'confirm.reject': {
      if (from.kind !== 'sidepanel') return refusal('NOT_PANEL', 'Only a person in the side panel can reject.');
      const { settings } = await loadSettings();
      const res = await ledger.reject(msg.actionId, settings.agentName || 'agent');
      return res.ok ? { ok: true, entry: res.entry } : { ok: false, error: res.error };
    }
    case 'audit.clear':
      if (from.kind !== 'sidepanel' && from.kind !== 'options') return refusal('NOT_EXTENSION_PAGE', 'Only extension pages clear the log.');
      await clearAudit();
      return { ok: true };
    case 'llm.generate':
      if (from.kind !== 'content' || from.frameId !== 0) return refusal('NOT_CONTENT', 'Only a console tab runs a fixed flow.');
      return generate(msg.system, msg.user);
    case 'plan.progress':
      if (from.kind !== 'content' || from.frameId !== 0) return refusal('NOT_CONTENT', 'Only a console tab reports flow progress.');
      await chrome.storage.session.set({ [`plan:${from.tabId}`]: msg.run });
      return { ok: true };
    case 'kb':
      return handleKb(msg.request, from);
    case 'audit.list':
      if (from.kind !== 'sidepanel' && from.kind !== 'options') return refusal('NOT_EXTENSION_PAGE', 'Only extension pages read the log.');
      return { ok: true, records: await readAudit() };
  }
}
