// Types of server-env.mjs for the TypeScript that uses it (bench/, the server's tests).
export declare const SERVER_ENV_DEFAULTS: {
  MALLOC_ARENA_MAX: string;
  MALLOC_MMAP_THRESHOLD_: string;
  MALLOC_TRIM_THRESHOLD_: string;
};
export declare const SERVER_ENV: typeof SERVER_ENV_DEFAULTS;
export declare const EMBEDDED_NODE_FLAGS: string[];
export declare function serverNodeFlags(env: { DATABASE_URL?: string | undefined }): string[];
