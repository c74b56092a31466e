/**
 * Test projects:
 *  - unit:   rules and figures (packages/shared, server *.unit.test.ts), the web build's
 *            plugins (apps/web/build), no database
 *  - web:    web components with logic (jsdom)
 *  - api:    server modules through app.inject on PGlite (one migrated copy per test file)
 *  - api-pg: the same API suite on PostgreSQL, only when TEST_DATABASE_URL is set
 *  - e2e:    journeys in Debian's Chromium through playwright-core against the built app
 * `npm test` (scripts/test.mjs) runs them all; see README.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files at a time. Vitest's default (one less than the CPUs) is a single file on a 2-core
 * machine; the API files spend much of their time waiting on a database (PostgreSQL is another
 * process), so two at a time is the floor. VITEST_MAX_WORKERS overrides it.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * Test files of one worker share its loaded modules (Vitest's `isolate: false`): importing the
 * server (Fastify, Drizzle, exceljs, the report writers) or antd again for every file was a third
 * of the suite's time. Safe because nothing a file sets up outlives it: every API file builds its
 * own app on its own copy of the database, and the web files' stubbed globals are put back after
 * each file (`unstubGlobals`). docs/testing.md.
 */
const SHARED_MODULES = { isolate: false } as const;

const apiTests = ['apps/server/src/**/*.test.ts'];
// The web app's build plugins (apps/web/build) run in Node too.
const unitOnly = ['apps/server/src/**/*.unit.test.ts', 'apps/web/build/**/*.test.ts'];

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', ...unitOnly],
          environment: 'node',
          ...SHARED_MODULES,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          ...SHARED_MODULES,
          unstubGlobals: true,
          // antd under jsdom is slow on a loaded 2-core machine; a timeout is not a failure of the UI.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: apiTests,
          exclude: unitOnly,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          ...SHARED_MODULES,
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-pg',
                include: apiTests,
                exclude: unitOnly,
                globalSetup: ['apps/server/test/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                pool: 'forks' as const,
                ...SHARED_MODULES,
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/failure-screenshots.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits up to 10 s, not Vitest's default second: two journeys, their servers
          // and Chromium share two cores, where a form's messages can take longer than a second.
          // A poll that can never pass still fails.
          expect: { poll: { timeout: 10_000 } },
          pool: 'forks',
          // A worker's journeys share its Chromium (one context each, browser.ts) and its loaded
          // modules: no launch and no imports per file (docs/testing.md).
          isolate: false,
          // Two journeys at a time, each worker on a server and data of its own (global-setup.ts
          // starts one per worker); after the other projects, which have the CPUs to themselves.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
