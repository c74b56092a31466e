// Types of server-env.mjs for the TypeScript that uses it (bench/, the server's tests).
export declare const SERVER_ENV_DEFAULTS: { MALLOC_ARENA_MAX: string };
export declare const EMBEDDED_ENV_DEFAULTS: {
  MALLOC_MMAP_THRESHOLD_: string;
  MALLOC_TRIM_THRESHOLD_: string;
};
export declare const EMBEDDED_NODE_FLAGS: string[];
export declare const POSTGRES_ENV_DEFAULTS: {
  MALLOC_MMAP_THRESHOLD_: string;
  MALLOC_TRIM_THRESHOLD_: string;
};
export declare const SERVER_ENV: Record<string, string>;
export declare function serverProcess(databaseUrl: string | undefined): {
  env: Record<string, string>;
  flags: string[];
};
