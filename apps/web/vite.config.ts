import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { FORMS_VENDOR, loadGroups, SURVEY_MODE } from './build/load-groups.ts';
import { precompress } from './build/precompress.ts';
import { routePreload } from './build/route-preload.ts';
import { styleText } from './build/style-text.ts';

// React changes far less often than our code: keep it in its own, separately cached chunk.
// Everything else is split by Rolldown along the import graph, so a library only some routes
// use (echarts, the map shapes, the export code) loads with those routes: a catch-all vendor
// group would put all of it in front of the login page (issue #19).
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 30,
  },
  // Forms and their rules only: kept apart so that pages without a form do not fetch it.
  { name: FORMS_VENDOR, test: /node_modules[\\/]zod[\\/]/, priority: 20 },
];

export default defineConfig(async ({ command, mode }) => {
  const survey = mode === SURVEY_MODE;
  // The shell's files and the small shared ones, each put together in one (build/load-groups.ts).
  const loadGroupsOf =
    command === 'build' && !survey
      ? await loadGroups(
          import.meta.dirname,
          vendorGroups.map((g) => g.name),
        )
      : [];
  return {
    plugins: survey
      ? [react(), styleText()]
      : [react(), styleText(), routePreload(), precompress()],
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000' },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: `npm run size` follows it to find what each route loads first.
      manifest: true,
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        output: { codeSplitting: { groups: [...vendorGroups, ...loadGroupsOf] } },
      },
    },
  };
});
