/**
 * Sending stored files: the original name in Content-Disposition (RFC 6266 with an RFC 5987
 * `filename*` for names that are not plain ASCII) and single byte ranges (RFC 9110 §14) so that
 * videos can seek.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from './errors.ts';
import type { Storage } from './storage.ts';

/** `attachment; filename="Plan _2024_.pdf"; filename*=UTF-8''Plan%20%E2%80%9C2024%E2%80%9D.pdf` */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type ByteRange = { start: number; end: number };

/**
 * The one byte range a `Range` header asks for within `size` bytes: undefined when there is none
 * to honour (no header, another unit, several ranges: the whole file is sent), 'unsatisfiable'
 * when it is malformed or lies outside the file (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match?.[1]) return undefined;
  const specs = match[1].split(',');
  if (specs.length > 1) return undefined;
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0] ?? '');
  if (!spec) return 'unsatisfiable';
  const [, first = '', last = ''] = spec;
  if (first === '' && last === '') return 'unsatisfiable';
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}

export interface StoredFileReply {
  key: string;
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
}

/** Answers GET/HEAD for a stored file: 200 with the whole file, 206 with a range, or 416. */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: StoredFileReply,
) {
  const size = await storage.size(file.key);
  if (size === undefined) throw new NotFound();
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Disposition', contentDisposition(file.disposition, file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=3600');

  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${size}`)
      .removeHeader('Content-Disposition')
      .type('application/json; charset=utf-8')
      .send({ message: 'The requested range is not satisfiable.' });
  }
  reply.type(file.contentType);
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', size);
  }
  if (request.method === 'HEAD') return reply.send();
  return reply.send(storage.read(file.key, range));
}
