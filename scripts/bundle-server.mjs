// Bundles a server entry point (TypeScript) into one ES module that plain `node` runs, so the
// running server carries no TypeScript loader: under tsx the server on the embedded database held
// ~100 MB more resident memory (361 MB against 257 MB: tsx itself and every module compiled on the
// fly).
//
// Only the project's own code is bundled (apps/server/src and the @spotzcity/* workspaces);
// packages in node_modules stay imports, resolved from the bundle's folder as from the sources.
// Each source file keeps its own `import.meta.url`, so what it finds beside itself (the
// migrations, the demo assets, the row modules the upload worker bundles at run time) is still
// found in the source tree.
//
//   node scripts/bundle-server.mjs                 apps/server/src/main.ts → apps/server/dist/main.mjs
//   node scripts/bundle-server.mjs <entry> <out>   another entry (the import benchmark)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `import.meta.url`, `.dirname` and `.filename` of each bundled file, as they are in its source. */
const keepSourceLocation = {
  name: 'keep-source-location',
  setup(context) {
    context.onLoad({ filter: /\.[cm]?ts$/ }, async ({ path: file }) => {
      const source = await readFile(file, 'utf8');
      return {
        loader: 'ts',
        contents: source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
          .replaceAll('import.meta.filename', JSON.stringify(file)),
      };
    });
  },
};

/** Packages stay imports; the workspaces (TypeScript sources) are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@spotzcity/') ? undefined : { external: true },
    );
  },
};

async function bundleServer(
  entry = path.join(ROOT, 'apps/server/src/main.ts'),
  outfile = path.join(ROOT, 'apps/server/dist/main.mjs'),
) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [keepSourceLocation, externalPackages],
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, outfile] = process.argv.slice(2);
  await bundleServer(entry && path.resolve(entry), outfile && path.resolve(outfile));
}
