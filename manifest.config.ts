/**
 * MV3 manifest (crxjs defineManifest). Least privilege; each permission says why.
 */
import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

/** The demo console's origins; user consoles are added at run time (optional permissions). */
const DEMO_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'];

/**
 * The public half of a key pair made for deskhand (the private half was never kept): it pins
 * the extension id to kfiogjmgcbkgglndggnglblfeoinfcki wherever dist/ is loaded from, so an
 * admin's policy (`3rdparty.extensions.<id>`) and the tests can name it. Remove `key` before
 * uploading to the Chrome Web Store, which assigns its own id.
 */
export const EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAw35gsRzR5clGTNldDxSH2QFsAOxNNW2KoeGkHOxckjSF4O7naX5iRRij1ZfZbPfoXkxmC67YxDJmJx2CYsfY5h8Q7Bep110SV6PxbofR7B3tNiGrfvonvMI7DggtagxEQho+z+Sw8az4bxh+RdeKorZGh5sGh5KZmW12AsEKlTd6J/JRs8tUEZIuxEYTE6+w9UCQk0cwyYlte8Lt9iL4KViFXIt1mMNB81nwsH4fI7ieKqJAXdRPS2z2FiqWmeL6zPCRlgvqMy64/oBBOqRyoOctwaNAneXzy44DHYiWID24KmWsDzbY2sc5aH+S8AzygK6069DRfv4P3AGxVeCZSQIDAQAB';
export const EXTENSION_ID = 'kfiogjmgcbkgglndggnglblfeoinfcki';

const ICONS = { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png', 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' };

export default defineManifest({
  manifest_version: 3,
  name: '__MSG_extName__',
  description: '__MSG_extDescription__',
  default_locale: 'zh_CN',
  version: pkg.version,
  key: EXTENSION_KEY,
  icons: ICONS,
  // chrome.sidePanel.open() needs 116.
  minimum_chrome_version: '116',
  permissions: [
    // settings (local), the confirmation ledger (session, unreadable by content scripts), the audit log
    'storage',
    // the side panel is the only place a person confirms a write or a send
    'sidePanel',
    // registerContentScripts for console origins the user adds in options
    'scripting',
    // wakes the worker when a pending confirmation expires, so the toolbar badge drops it
    'alarms',
  ],
  // The demo console only. Nothing else is reachable until the user grants it.
  host_permissions: DEMO_MATCHES,
  // User-added consoles and LLM endpoints, each requested at run time from the options page.
  optional_host_permissions: ['https://*/*', 'http://*/*'],
  background: { service_worker: 'src/background/main.ts', type: 'module' },
  content_scripts: [
    {
      matches: DEMO_MATCHES,
      js: ['src/content/main.iife.ts'],
      run_at: 'document_idle',
    },
  ],
  side_panel: { default_path: 'src/sidepanel/index.html' },
  options_page: 'src/options/index.html',
  // Clicking the icon opens the side panel (setPanelBehavior in the worker); the badge counts
  // confirmations waiting for the tab. No `commands`: every shortcut is a setting (README "Shortcuts").
  action: { default_title: '__MSG_actionTitle__', default_icon: ICONS },
  storage: { managed_schema: 'managed_schema.json' },
  // Extension pages: no remote scripts, images or frames (model answers are untrusted).
  content_security_policy: {
    extension_pages: "script-src 'self'; object-src 'self'; img-src 'self' data:; frame-src 'none'; base-uri 'none'; form-action 'none'",
  },
});
