/**
 * Scripts for worker threads, bundled from their TypeScript source by esbuild once per process: a
 * worker thread does not inherit the TypeScript loader (tsx), registering it there cost ~30 MB
 * per thread and a compile of every file at each start, and a bundle holds only the code the
 * thread runs. The server bundle (scripts/bundle-server.mjs) keeps each source's own location,
 * so the sources are found beside it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const scripts = new Map<string, Promise<string>>();

/** `contents` (a module, resolved from `resolveDir`) bundled into one CommonJS script. */
export async function bundleScript(contents: string, resolveDir: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents, resolveDir, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * The script of the module `key` names, made by `make` once per process (a failure is forgotten,
 * for the next caller to try again).
 */
export function cachedScript(key: string, make: () => Promise<string>): Promise<string> {
  let script = scripts.get(key);
  if (!script) {
    script = make();
    scripts.set(key, script);
    script.catch(() => scripts.delete(key));
  }
  return script;
}

/** The worker script whose entry is the module `entry` (which runs as the thread starts). */
export function workerScriptOf(entry: URL): Promise<string> {
  const file = fileURLToPath(entry);
  return cachedScript(entry.href, () =>
    bundleScript(`import ${JSON.stringify(file)};`, path.dirname(file)),
  );
}
