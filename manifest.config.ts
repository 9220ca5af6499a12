/**
 * MV3 manifest (crxjs defineManifest). Least privilege; each permission says why.
 */
import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

/** The demo console's origins; user consoles are added at run time (optional permissions). */
const DEMO_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'];

export default defineManifest({
  manifest_version: 3,
  name: '__MSG_extName__',
  description: '__MSG_extDescription__',
  default_locale: 'zh_CN',
  version: pkg.version,
  // chrome.sidePanel.open() needs 116.
  minimum_chrome_version: '116',
  permissions: [
    // settings (local), the confirmation ledger (session, unreadable by content scripts), the audit log
    'storage',
    // the side panel is the only place a person confirms a write or a send
    'sidePanel',
    // registerContentScripts for console origins the user adds in options
    'scripting',
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
  action: { default_title: '__MSG_cmdOpenPanel__' },
  commands: {
    'open-panel': { suggested_key: { default: 'Alt+Shift+K' }, description: '__MSG_cmdOpenPanel__' },
    'prepare-send': { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_cmdPrepareSend__' },
  },
  storage: { managed_schema: 'managed_schema.json' },
  // Extension pages: no remote scripts, images or frames (model answers are untrusted).
  content_security_policy: {
    extension_pages: "script-src 'self'; object-src 'self'; img-src 'self' data:; frame-src 'none'; base-uri 'none'; form-action 'none'",
  },
});
