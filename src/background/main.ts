/**
 * Service worker: the thin entry. Routes side panel <-> tabs, keeps the ledger,
 * paints the toolbar badge and registers user consoles.
 */
import { onSettingsChanged } from '../settings/store.ts';
import { installBadge } from './badge.ts';
import { storageAuditSink } from './audit-store.ts';
import { ledger, sessionStore } from './confirm.ts';
import { recoverAfterReload } from './journal.ts';
import { syncBridgeScript } from './bridge.ts';
import { syncConsoleScripts } from './consoles.ts';
import { pruneLedger } from './ledger-store.ts';
import { installRouter } from './router.ts';

installRouter();
installBadge();

// The toolbar icon opens the side panel (a user gesture).
void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});

// After an extension reload the session ledger is empty: open calls come back from the journal
// as expired or uncertain. A worker restart mid-delivery leaves calls "dispatched": uncertain.
// Neither is ever reported as executed, and neither is retried.
void recoverAfterReload(sessionStore, storageAuditSink)
  .then(() => ledger.recoverInterrupted())
  .then(() => pruneLedger(sessionStore));

/** Run-time content scripts follow settings and granted permissions. */
let syncing: Promise<unknown> = Promise.resolve();
const sync = () => {
  syncing = syncing.then(() => Promise.all([syncConsoleScripts(), syncBridgeScript()])).catch(() => {});
};
onSettingsChanged(sync);
chrome.permissions.onAdded.addListener(sync);
chrome.permissions.onRemoved.addListener(sync);
chrome.runtime.onInstalled.addListener(sync);
chrome.runtime.onStartup.addListener(sync);
