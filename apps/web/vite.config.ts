import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdTokens } from './build/antd-tokens.ts';
import { precompress } from './build/precompress.ts';
import { styleText } from './build/style-text.ts';

// React changes far less often than our code: keep it in its own, separately cached chunk.
// Everything else is split by Rolldown along the import graph, so a library only some routes
// use (echarts, the map shapes, the export code) loads with those routes: a catch-all vendor
// group would put all of it in front of the login page. Which files a route needs
// first is the server's business: it names them in the route's HTML from the manifest
// (apps/server/src/platform/web.ts).
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 30,
  },
  // Forms and their rules only: kept apart so that pages without a form do not fetch it.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
  // The icons and the shared words each in one file: dozens of files under 1 KB otherwise.
  { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons[\\/]/, priority: 15 },
  {
    name: 'words',
    test: /packages[\\/]shared[\\/]src[\\/]([a-z-]+-words|enums|format)\.ts$/,
    priority: 15,
  },
  // antd's core (its config, style and theme code, the helpers and components most screens use):
  // one file, where Rolldown alone made dozens of small ones that a phone's connection fetches
  // a few at a time. Only what 25 or more lazily loaded parts share, so a component that only a
  // few screens use (the date picker, the upload, the drill-down's drawer and table) still loads
  // with them; the count grows with the screens, or the home page's first load outgrows its budget.
  {
    name: 'antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|@babel)[\\/]/,
    minShareCount: 25,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [react(), styleText(), antdTokens(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server names a route's files from it, and `npm run size`
    // follows it to find what each route loads first.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
});
