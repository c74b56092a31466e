// Types of built-server.mjs for the TypeScript that uses it (e2e/global-setup.ts).
import type { ChildProcess, StdioOptions } from 'node:child_process';

export function freePort(): Promise<number>;
export function spawnBuiltServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  stdio?: StdioOptions;
}): ChildProcess;
export function waitForHealth(
  url: string,
  child: ChildProcess,
  ms: number,
): Promise<'healthy' | 'exited' | 'late'>;
export function startBuiltServer(options?: {
  webDist?: string;
  waitMinutes?: number;
}): Promise<{ url: string; stop(): void }>;
