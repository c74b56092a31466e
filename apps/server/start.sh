#!/bin/sh
# npm start: the built server, with the settings scripts/server-env.mjs gives every script that
# starts it as npm start would (docs/operations.md). A value already set wins.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
if [ -z "$DATABASE_URL" ]; then
  # The embedded database: the server's memory holds the database too.
  export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
  export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
  exec node --max-semi-space-size=4 dist/main.mjs
fi
# PostgreSQL: the same thresholds at 1 MB, what an import used given back.
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-1048576}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-1048576}"
exec node dist/main.mjs
