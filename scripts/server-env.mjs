// The environment the server process starts with, besides its own settings (apps/server/src/
// config.ts reads those). `npm start` sets the same in apps/server/package.json's start script;
// every script that starts the server as `npm start` would (the browser suite, Lighthouse, the
// benchmarks) takes it from here, so that they measure what `npm start` runs.
//
// MALLOC_ARENA_MAX=2: glibc's malloc gives each thread an arena of its own (up to 8 per core) and
// keeps what a thread freed in it. A spend check's threads (decision 277) left ~60 MB the process
// never gave back, on top of which the save grew PGlite's memory (decision 302). Read by glibc
// when the process starts, so it cannot be set from inside; a value already set wins.
//
// MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_=131072: blocks of 128 KB and more are mapped
// apart and given back when freed, and a heap's free top is given back past 128 KB. Setting
// them also stops glibc from raising the threshold as the process runs. A spend import's
// buffers (pieces of the sheet, COPY text, upload chunks) are freed by threads other than the
// one that made them; with these the running server's peak through a million-row import fell
// ~25 MB, for no CPU measurable in the check (decision 304).
export const SERVER_ENV_DEFAULTS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

// Node's flags for a server on the embedded database (DATABASE_URL empty), as `npm start` gives
// them: a 4 MB semi-space. V8's default (16 MB) left the main thread's young generation at
// ~30 MB beside PGlite; smaller, the server's peak through a million-row import fell ~30 MB
// more. Not on PostgreSQL, whose server has no database in its memory: there it cost ~20% more
// server CPU per computed read (decision 304).
export const EMBEDDED_NODE_FLAGS = ['--max-semi-space-size=4'];

/** The flags a server started with `env` gets (npm start's rule). */
export const serverNodeFlags = (env) => (env.DATABASE_URL ? [] : EMBEDDED_NODE_FLAGS);

export const SERVER_ENV = Object.fromEntries(
  Object.entries(SERVER_ENV_DEFAULTS).map(([name, value]) => [name, process.env[name] ?? value]),
);
