/** Helpers shared by every upload endpoint. */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { formatBytes } from '@spotzcity/shared/format';
import { BadRequest, PayloadMismatch, PayloadTooLarge, ValidationError } from './errors.ts';

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

export const UPLOAD_MESSAGES = {
  noFile: 'Please choose a file to upload.',
  empty: 'The file is empty.',
  wrongType: (extensions: readonly string[]) =>
    `Only ${extensions.map((e) => `.${e}`).join(', ')} files are accepted.`,
  tooLarge: (bytes: number) => `The file is larger than ${formatBytes(bytes)}.`,
} as const;

export interface ReceivedFile {
  /** Where the upload was written; removed by `discard`. */
  path: string;
  filename: string;
  size: number;
  /** The form's text fields. */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/**
 * Streams the one file of a multipart upload to a private temporary file, with explicit limits
 * (one file, a few short text fields). A request that is not multipart answers 422; no file or
 * an empty one 400; another extension 400; a file over `maxBytes` 413 — a truncated file is never
 * kept. The caller must `discard()` the file when done.
 */
export async function receiveFileToDisk(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; extensions: readonly string[] },
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new PayloadMismatch();
  const dir = await mkdtemp(path.join(tmpdir(), 'spotzcity-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let received: { path: string; filename: string } | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        const value = (part as MultipartValue<unknown>).value;
        fields[part.fieldname] = typeof value === 'string' ? value : String(value);
        continue;
      }
      const file = part as MultipartFile;
      if (file.fieldname !== options.field || received) {
        file.file.resume();
        continue;
      }
      const extension = path.extname(file.filename).slice(1).toLowerCase();
      if (!options.extensions.includes(extension)) {
        file.file.resume();
        throw new BadRequest(UPLOAD_MESSAGES.wrongType(options.extensions));
      }
      const target = path.join(dir, `upload.${extension}`);
      try {
        await pipeline(file.file, createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLarge(UPLOAD_MESSAGES.tooLarge(options.maxBytes));
        }
        throw error;
      }
      // A stream cut short by the size limit ends "successfully" with truncated data.
      if (file.file.truncated)
        throw new PayloadTooLarge(UPLOAD_MESSAGES.tooLarge(options.maxBytes));
      received = { path: target, filename: path.basename(file.filename) };
    }
    if (!received) throw new BadRequest(UPLOAD_MESSAGES.noFile);
    const { size } = await stat(received.path);
    if (size === 0) throw new BadRequest(UPLOAD_MESSAGES.empty);
    return { ...received, size, fields, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}
