// The environment the server process starts with, besides its own settings (apps/server/src/
// config.ts reads those). `npm start` sets the same in apps/server/package.json's start script;
// every script that starts the server as `npm start` would (the browser suite, Lighthouse, the
// benchmarks) takes it from here, so that they measure what `npm start` runs.
//
// MALLOC_ARENA_MAX=2: glibc's malloc gives each thread an arena of its own (up to 8 per core) and
// keeps what a thread freed in it. A spend check's threads (decision 277) left ~60 MB the process
// never gave back, on top of which the save grew PGlite's memory (decision 302). Read by glibc
// when the process starts, so it cannot be set from inside; a value already set wins.
export const SERVER_ENV_DEFAULTS = { MALLOC_ARENA_MAX: '2' };

export const SERVER_ENV = Object.fromEntries(
  Object.entries(SERVER_ENV_DEFAULTS).map(([name, value]) => [name, process.env[name] ?? value]),
);
