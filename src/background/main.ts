/**
 * Service worker: the thin entry. Locks storage to trusted contexts, routes side panel <->
 * tabs, keeps the ledger, paints the toolbar badge, pushes profiles, follows the admin's KB URL
 * list, sends the audit to the admin's log pipeline and registers user consoles.
 */
import { onSettingsChanged } from '../settings/store.ts';
import { installBadge } from './badge.ts';
import { installKbUrlSync } from './kb.ts';
import { installLogExport } from './log-export.ts';
import { storageAuditSink } from './audit-store.ts';
import { loadClock } from './clock.ts';
import { ledger, sessionStore } from './confirm.ts';
import { recoverAfterReload } from './journal.ts';
import { syncBridgeScript } from './bridge.ts';
import { syncConsoleScripts } from './consoles.ts';
import { pruneLedger } from './ledger-store.ts';
import { installProfilePush } from './profiles.ts';
import { installRouter } from './router.ts';
import { forgetClosedTabs } from './came-from.ts';
import { broadcastView } from './settings-view.ts';
import { lockStorage } from './storage-lock.ts';

// First: content scripts must not read the API key, the roles, the audit or the journal.
const locked = lockStorage();
installRouter();
installBadge();
installProfilePush();
installKbUrlSync();
installLogExport();
forgetClosedTabs();

// The toolbar icon opens the side panel (a user gesture).
void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});

// Only when storage.session was cleared (extension reload or update, browser restart) did the
// ledger lose open calls: then they come back from the signed journal as expired or uncertain.
// A worker restart mid-delivery leaves calls "dispatched": uncertain. Neither is ever reported
// as executed, and neither is retried.
void locked
  .then(() => loadClock())
  .then(({ sessionFresh }) => (sessionFresh ? recoverAfterReload(sessionStore, storageAuditSink) : []))
  .then(() => ledger.recoverInterrupted())
  .then(() => pruneLedger(sessionStore))
  .catch(() => {});

/** Run-time content scripts follow settings and granted permissions; tabs get the new view. */
let syncing: Promise<unknown> = Promise.resolve();
const sync = () => {
  syncing = syncing.then(() => Promise.all([syncConsoleScripts(), syncBridgeScript()])).catch(() => {});
};
onSettingsChanged(() => {
  sync();
  void broadcastView().catch(() => {});
});
chrome.permissions.onAdded.addListener(sync);
chrome.permissions.onRemoved.addListener(sync);
chrome.runtime.onInstalled.addListener(sync);
chrome.runtime.onStartup.addListener(sync);
