// Types of server-env.mjs for the TypeScript that uses it (bench/, the server's tests).
export declare const SERVER_ENV_DEFAULTS: { MALLOC_ARENA_MAX: string };
export declare const SERVER_ENV: { MALLOC_ARENA_MAX: string };
