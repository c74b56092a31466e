/**
 * Where uploads wait while they are checked: `DATA_DIR/tmp`, not the system temporary folder, so
 * that they live on the volume the operator sized for data and a crash cannot leave them where
 * nobody looks. Whatever is there at start belongs to a process that is gone: it is removed.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export const tempRoot = (dataDir: string) => path.join(dataDir, 'tmp');

/** Empties (and creates) `DATA_DIR/tmp`; answers how many entries it removed. */
export function sweepTempFiles(dataDir: string): number {
  const root = tempRoot(dataDir);
  mkdirSync(root, { recursive: true });
  const left = readdirSync(root);
  for (const name of left) rmSync(path.join(root, name), { recursive: true, force: true });
  return left.length;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `DATA_DIR/tmp`: uploads being checked. */
    tempDir: string;
  }
}
