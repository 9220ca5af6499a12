import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.config.ts';

export default defineConfig({
  plugins: [preact(), crx({ manifest })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome116',
    sourcemap: false,
  },
  // No dev-server HMR websocket in the shipped build; `npm run build` is the only mode used.
  server: { strictPort: true, port: 5173, hmr: false },
});
