/**
 * Service worker: the thin entry. Routes side panel <-> tabs, keeps the ledger,
 * handles chrome.commands and user console registrations.
 */
import { onSettingsChanged } from '../settings/store.ts';
import { handleCommand, installCommands } from './commands.ts';
import { ledger, ledgerStore } from './confirm.ts';
import { syncBridgeScript } from './bridge.ts';
import { syncConsoleScripts } from './consoles.ts';
import { pruneLedger } from './ledger-store.ts';
import { installRouter } from './router.ts';

installRouter();
installCommands();

// For DevTools on the service worker (and the real-browser tests): run a command's handler
// by hand, since CDP key events do not fire chrome.commands in headless Chromium.
(globalThis as { deskhandCommands?: typeof handleCommand }).deskhandCommands = handleCommand;

// The toolbar icon opens the side panel (a user gesture).
void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});

// A worker restart mid-delivery leaves calls "dispatched": they become uncertain, never executed.
void ledger.recoverInterrupted().then(() => pruneLedger(ledgerStore));

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
