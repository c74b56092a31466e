// `npm run size`: what the browser must download before /login and /home can show, gzip-compressed
// as the server sends it, against the 350 KB budget per route. It reads the build's manifest
// (apps/web/dist/.vite/manifest.json, so run it after `npm run build`): a route's first load is
// its entries and everything they import statically, JavaScript and CSS; dynamic imports (the
// modules, the charts, the exports) load later and are not counted. Exits 1 above the budget,
// or when the build left an eagerly loaded file without its .br and .gz copies (the server sends
// those; apps/web/build/precompress.ts writes them).
//   node scripts/size.mjs            prints every eagerly loaded file and each route's total
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const BUDGET_BYTES = 350 * 1000;

/** Each route's entries in the manifest: index.html for every page, then the route's lazy parts. */
const ROUTES = {
  // The sign-in page comes with the entry (plain HTML and CSS, no antd).
  '/login': ['index.html'],
  // The shell, with antd's providers and the profile guard it loads alongside (app/router.tsx;
  // SHELL_FILES of packages/shared/src/web-pages.ts, which the server names in /home's HTML).
  '/home': [
    'index.html',
    'src/app/shell/app-shell.tsx',
    'src/app/antd-providers.tsx',
    'src/app/require-auth.tsx',
  ],
};

const manifestPath = path.join(DIST, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(
    `size: ${path.relative(ROOT, manifestPath)} is missing; run \`npm run build\` first`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const PRECOMPRESS_MIN_BYTES = 1024;
const missingCopies = new Set();

/** The gzip size the server sends: its precompressed copy (small files go out as they are). */
function gzipBytes(file) {
  const full = path.join(DIST, file);
  const content = readFileSync(full);
  if (content.length < PRECOMPRESS_MIN_BYTES) return content.length;
  if (!existsSync(`${full}.gz`) || !existsSync(`${full}.br`)) {
    missingCopies.add(file);
    return gzipSync(content, { level: 9 }).length;
  }
  return readFileSync(`${full}.gz`).length;
}

/**
 * Every script index.html loads: the manifest's entry, and any script added to the page beside it.
 */
function htmlScripts() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]);
}

function eagerFiles(entries) {
  const files = new Set(entries.includes('index.html') ? htmlScripts() : []);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`size: ${key} is not in the build manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return [...files];
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1).padStart(7)} KB`;
let failed = false;
for (const [route, entries] of Object.entries(ROUTES)) {
  const sized = eagerFiles(entries)
    .map((file) => ({ file, bytes: gzipBytes(file) }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = sized.reduce((sum, f) => sum + f.bytes, 0);
  console.log(`\n${route}: first load (gzip)`);
  for (const { file, bytes } of sized) console.log(`  ${kb(bytes)}  ${file}`);
  const over = total > BUDGET_BYTES;
  failed ||= over;
  console.log(
    `  ${kb(total)}  total, budget ${kb(BUDGET_BYTES).trim()}${over ? '  OVER BUDGET' : ''}`,
  );
}
if (missingCopies.size > 0) {
  console.error(`\nNot precompressed (.br/.gz missing): ${[...missingCopies].join(', ')}`);
  failed = true;
}
if (failed) process.exit(1);
