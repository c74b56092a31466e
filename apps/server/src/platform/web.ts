/**
 * Serves the built web app from the API's port: files from `apps/web/dist`, and index.html for
 * any other GET that is not an API path (client-side routes such as /home/editProfile).
 * Assets go out precompressed, and so does each address's HTML (compressed once, when first
 * asked for); JSON replies are compressed by @fastify/compress (app.ts).
 *
 * The HTML of an address names the files its first screen needs (`preloadTags`): the signed-in
 * shell's and the opened page's chunks, read from the build's manifest, so that the browser asks
 * for them beside the entry rather than one round trip after another as each script runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pageFilesOf } from '@spotzcity/shared/web-pages';
import { apiNotFound } from './http.ts';

/** What the server reads of a chunk in Vite's manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files `keys` load before they run: their own, their CSS and their static imports'. */
function filesOf(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/**
 * `<link>`s for the files an address's first screen needs beyond the entry's (index.html already
 * names those): a module preload per script, a style preload per stylesheet. Empty outside the
 * signed-in area (the sign-in page is in the entry).
 */
export function preloadTags(manifest: Manifest, pathname: string): string {
  const pageFiles = pageFilesOf(pathname);
  if (pageFiles.length === 0) return '';
  const entry = filesOf(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
  );
  return [...filesOf(manifest, pageFiles)]
    .filter((file) => !entry.has(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
}

export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(`${webDist}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The build writes a .br and a .gz beside each text asset (apps/web/build/precompress.ts):
      // the one the browser accepts is sent, with `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed assets never change; index.html must always be fresh.
        if (file.includes('/assets/'))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const html = hasWeb ? readFileSync(`${webDist}/index.html`, 'utf8') : '';
  const manifestPath = `${webDist}/.vite/manifest.json`;
  const manifest: Manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : {};
  // One page per page file (a few dozen), made and compressed the first time it is asked for.
  type Page = { html: string; br: Buffer; gzip: Buffer };
  const pages = new Map<string, Page>();
  const pageFor = (pathname: string) => {
    const key = pageFilesOf(pathname).join();
    let page = pages.get(key);
    if (page === undefined) {
      const tags = preloadTags(manifest, pathname);
      const text = tags ? html.replace('</head>', `${tags}</head>`) : html;
      page = { html: text, br: brotliCompressSync(text), gzip: gzipSync(text, { level: 9 }) };
      pages.set(key, page);
    }
    return page;
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) return apiNotFound(request, reply);
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = pageFor(path);
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8');
      if (!encoding) return reply.send(page.html);
      return reply.header('Content-Encoding', encoding).send(page[encoding]);
    }
    return reply.status(404).send({ message: 'Not Found' });
  });
}
