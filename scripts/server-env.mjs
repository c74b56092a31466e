// The environment the server process starts with, besides its own settings (apps/server/src/
// config.ts reads those). `npm start` sets the same (apps/server/start.sh);
// every script that starts the server as `npm start` would (the browser suite, Lighthouse, the
// benchmarks) takes it from here, so that they measure what `npm start` runs.
//
// MALLOC_ARENA_MAX=2: glibc's malloc gives each thread an arena of its own (up to 8 per core) and
// keeps what a thread freed in it. A spend check's threads left ~60 MB the process never gave
// back, on top of which the save grew PGlite's memory (docs/operations.md). Read by glibc
// when the process starts, so it cannot be set from inside; a value already set wins.
export const SERVER_ENV_DEFAULTS = { MALLOC_ARENA_MAX: '2' };

// Beside the embedded database (DATABASE_URL empty), where the server's memory holds the
// database too, npm start adds:
// - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_=131072: blocks of 128 KB and more are
//   mapped apart and given back when freed, and a heap's free top past 128 KB is given back
//   (setting them also stops glibc from raising the threshold as the process runs). A spend
//   import's buffers are freed by threads other than the one that made them; with these a
//   running server's peak through a million-row import fell ~25 MB, for ~1 s more CPU in the
//   check (mapping and unmapping).
// - Node's --max-semi-space-size=4: V8's default (16 MB) left ~30 MB of empty young generation
//   beside PGlite; smaller, the peak fell ~30 MB more. On PostgreSQL it cost ~20% more server
//   CPU per computed read, for memory a server there does not need (its import peaked at 327–363 MB).
// The thresholds are the embedded database's, 128 KB; a server on PostgreSQL gets them at 1 MB.
export const EMBEDDED_ENV_DEFAULTS = {
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};
export const EMBEDDED_NODE_FLAGS = ['--max-semi-space-size=4'];

// With PostgreSQL, the same two thresholds at 1 MB: a server kept ~230 MB after a
// million-row import instead of ~260 MB, which a second import starts from. At 128 KB a computed
// read cost the server up to a third more CPU (buffers of 128 KB to 1 MB mapped afresh each
// time); at 1 MB no more than without.
export const POSTGRES_ENV_DEFAULTS = {
  MALLOC_MMAP_THRESHOLD_: '1048576',
  MALLOC_TRIM_THRESHOLD_: '1048576',
};

const orSet = (defaults) =>
  Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [name, process.env[name] ?? value]),
  );

export const SERVER_ENV = orSet(SERVER_ENV_DEFAULTS);

/**
 * What a server process with `databaseUrl` gets from npm start (apps/server/start.sh): the
 * variables to add to its environment, and Node's flags.
 */
export function serverProcess(databaseUrl) {
  return databaseUrl
    ? { env: { ...SERVER_ENV, ...orSet(POSTGRES_ENV_DEFAULTS) }, flags: [] }
    : { env: { ...SERVER_ENV, ...orSet(EMBEDDED_ENV_DEFAULTS) }, flags: EMBEDDED_NODE_FLAGS };
}
