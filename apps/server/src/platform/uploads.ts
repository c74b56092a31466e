/** Helpers shared by every upload endpoint. */
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PayloadMismatch, PayloadTooLarge, ValidationError } from './errors.ts';

const IMAGE_SIGNATURES: { ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    mime: 'image/png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    mime: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type the bytes really are (PNG, JPEG, GIF or WebP), whatever the name says. */
export function sniffImage(bytes: Buffer) {
  return IMAGE_SIGNATURES.find((s) => s.test(bytes));
}

export const MIME_BY_EXT: Record<string, string> = Object.fromEntries(
  IMAGE_SIGNATURES.map((s) => [s.ext, s.mime]),
);

export interface MultipartForm {
  fields: Record<string, string>;
  /** Files buffered in memory (small uploads only: pictures), by field name. */
  files: Record<string, { filename: string; mimetype: string; data: Buffer }>;
}

/**
 * Reads a small multipart form completely (text fields and buffered files up to `maxFileBytes`).
 * A request that is not multipart answers 422; a file over the limit answers 413.
 */
export async function readSmallForm(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new PayloadMismatch();
  const form: MultipartForm = { fields: {}, files: {} };
  const parts = request.parts({ limits: { fileSize: maxFileBytes, files: 1, fields: 20 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLarge(
            `The file is larger than ${Math.round(maxFileBytes / 1024 / 1024)} MB.`,
          );
        }
        throw error;
      }
      if (data.length > 0)
        form.files[file.fieldname] = { filename: file.filename, mimetype: file.mimetype, data };
    } else {
      const value = (part as MultipartValue<unknown>).value;
      form.fields[part.fieldname] = typeof value === 'string' ? value : String(value);
    }
  }
  return form;
}

export function requireImage(file: { data: Buffer }, field = 'image') {
  const kind = sniffImage(file.data);
  if (!kind)
    throw ValidationError.field(field, 'The picture must be a PNG, JPEG, GIF or WebP image.');
  return kind;
}
