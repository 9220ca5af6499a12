import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import manifest from './manifest.config.ts';
import { gradesAlias, inputSchemasAlias } from './scripts/input-schemas.ts';
import { kitScript } from './scripts/kit-script.ts';
import { panelEarlyScript } from './scripts/panel-early.ts';
import { teachScript } from './scripts/teach-script.ts';

/**
 * The main-world bridge is registered at run time (chrome.scripting.registerContentScripts,
 * only where the developer turned it on), so it is not a manifest content script. crxjs's
 * `?script` import would build it but also list it in web_accessible_resources for every
 * site, letting any page probe for deskhand; this emits it as a plain self-contained IIFE.
 */
function bridgeScript(): Plugin {
  return {
    name: 'deskhand-bridge-iife',
    apply: 'build',
    async generateBundle() {
      const out = await esbuild({
        entryPoints: ['src/bridge/main.ts'],
        bundle: true,
        format: 'iife',
        minify: true,
        write: false,
        target: 'chrome116',
        legalComments: 'none',
      });
      this.emitFile({ type: 'asset', fileName: 'bridge.js', source: out.outputFiles[0]!.text });
    },
  };
}

export default defineConfig({
  plugins: [preact(), crx({ manifest }), bridgeScript(), kitScript(), teachScript(), panelEarlyScript()],
  // The content script's tool input JSON Schemas are computed here, not shipped zod code.
  // The worker's and options' grades likewise: data read off the tools, not the catalog's DOM code.
  resolve: { alias: [inputSchemasAlias(), gradesAlias()] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome116',
    sourcemap: false,
  },
  // No dev-server HMR websocket in the shipped build; `npm run build` is the only mode used.
  server: { strictPort: true, port: 5173, hmr: false },
});
