/**
 * Serves the built web app from the API's port: files from `apps/web/dist`, and index.html for
 * any other GET that is not an API path (client-side routes such as /home/editProfile).
 * Assets go out precompressed; JSON replies are compressed by @fastify/compress (app.ts).
 */
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiNotFound } from './http.ts';

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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) return apiNotFound(request, reply);
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not Found' });
  });
}
