/** Helpers shared by every upload endpoint. */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  AppError,
  BadRequest,
  PayloadMismatch,
  PayloadTooLarge,
  ValidationError,
} from './errors.ts';
import { formatFileSize } from '@spotzcity/shared/format';
import type { Storage, StoredObject } from './storage.ts';
import type {} from './temp-files.ts';

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
 * A request that is not multipart answers 422; a file over the limit 413; a cut-off request 400.
 */
export async function readSmallForm(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new PayloadMismatch();
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    const parts = request.parts({ limits: { fileSize: maxFileBytes, files: 1, fields: 20 } });
    for await (const part of parts) {
      const file = fileOrField(part, form.fields);
      if (!file) continue;
      const data = await file.toBuffer();
      if (data.length > 0)
        form.files[file.fieldname] = { filename: file.filename, mimetype: file.mimetype, data };
    }
  } catch (error) {
    // Whatever is still arriving is read and dropped, so the client gets the answer.
    request.raw.resume();
    throw uploadError(error, maxFileBytes);
  }
  return form;
}

export function requireImage(file: { data: Buffer }, field = 'image') {
  const kind = sniffImage(file.data);
  if (!kind)
    throw ValidationError.field(field, 'The picture must be a PNG, JPEG, GIF or WebP image.');
  return kind;
}

/** "500 MB", "1.5 MB", "10 KB": a size limit as people read it. */
export const formatBytes = (bytes: number) => formatFileSize(Math.max(bytes, 1024));

export const tooLargeMessage = (maxBytes: number) =>
  `The file is larger than the ${formatBytes(maxBytes)} limit.`;

/**
 * A file name as it may be stored and sent back: no folders (old browsers send C:\fakepath\…),
 * no control characters, at most 255 characters with the extension kept.
 */
export function cleanFileName(name: string, fallback = 'file') {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (!base) return fallback;
  if (base.length <= 255) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : '';
  return base.slice(0, 255 - ext.length) + ext;
}

/**
 * Passes a stream through unchanged once its first `size` bytes (or all of it, when shorter) have
 * been accepted by `check`; a check that throws fails the stream before anything is written.
 */
class HeadCheck extends Transform {
  private head: Buffer[] = [];
  private length = 0;
  private passed = false;

  constructor(
    private readonly size: number,
    private readonly check: (head: Buffer) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.passed) return done(null, chunk);
    this.head.push(chunk);
    this.length += chunk.length;
    if (this.length < this.size) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback) {
    if (this.passed) return done();
    this.release(done);
  }

  private release(done: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    try {
      this.check(head);
    } catch (error) {
      return done(error as Error);
    }
    this.passed = true;
    done(null, head);
  }
}

export interface StreamedFile extends StoredObject {
  /** The cleaned original name (downloads carry it). */
  fileName: string;
  /** The MIME type the content was checked to be. */
  contentType: string;
}

export interface StreamUploadOptions {
  storage: Storage;
  /** Storage folder, e.g. "training/videos". */
  prefix: string;
  /** Largest accepted file; a bigger one answers 413 and leaves nothing behind. */
  maxBytes: number;
  /** The multipart field that carries the file ("file"). */
  fileField?: string;
  /**
   * Decides from the file name which format the content must have (throw a ValidationError when
   * the name is not accepted); `matches` then checks the first `headBytes` bytes.
   */
  expect(fileName: string): { extension: string; mime: string; matches(head: Buffer): boolean };
  /** Message when the content is not the format its name says. */
  mismatch(fileName: string): string;
  /** Message when no file (or an empty one) was sent. */
  missingMessage?: string;
  emptyMessage?: string;
  headBytes?: number;
  /**
   * Called with the fields sent before the file, before any of it is stored: a form whose fields
   * are already wrong is refused without uploading the file.
   */
  beforeFile?(fields: Record<string, string>): void;
}

export interface StreamedUpload {
  fields: Record<string, string>;
  file: StreamedFile;
}

/** Keeps a form field's value in `fields`; answers the part when it is a file. */
function fileOrField(part: Multipart, fields: Record<string, string>) {
  if (part.type === 'file') return part as MultipartFile;
  const value = (part as MultipartValue<unknown>).value;
  fields[part.fieldname] = typeof value === 'string' ? value : String(value);
  return undefined;
}

const INTERRUPTED = 'The upload was interrupted. Please try again.';

/**
 * Reads a multipart upload whose file goes straight to storage, never into memory: the text
 * fields are collected, the file is checked by its first bytes and streamed under `prefix`.
 * A file over `maxBytes` answers 413, a wrong or empty file 400, a cut-off request 400; in every
 * failure the partial file is removed, and the rest of the request body is drained so that the
 * client reads the answer. The caller writes its record after this returns, and must remove
 * `file.key` if that fails.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: StreamUploadOptions,
): Promise<StreamedUpload> {
  if (!request.isMultipart()) throw new PayloadMismatch();
  const fileField = options.fileField ?? 'file';
  const fields: Record<string, string> = {};
  let file: StreamedFile | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 20, parts: 21 },
    });
    for await (const part of parts) {
      const upload = fileOrField(part, fields);
      if (!upload) continue;
      if (upload.fieldname !== fileField || file || !upload.filename) {
        upload.file.resume();
        continue;
      }
      options.beforeFile?.(fields);
      const fileName = cleanFileName(upload.filename);
      const expected = options.expect(fileName);
      const body = new HeadCheck(options.headBytes ?? 4096, (head) => {
        if (head.length === 0) {
          throw ValidationError.field(fileField, options.emptyMessage ?? 'The file is empty.');
        }
        if (!expected.matches(head)) {
          throw ValidationError.field(fileField, options.mismatch(fileName));
        }
      });
      // busboy stops passing data at the limit and marks the stream truncated: fail at once.
      upload.file.on('limit', () =>
        body.destroy(new PayloadTooLarge(tooLargeMessage(options.maxBytes))),
      );
      // Links the two both ways: a request cut off (even before this point: busboy may have
      // parsed it all already) fails `body`, and a failed `body` stops reading the request.
      pipeline(upload.file, body, () => {});
      const stored = await options.storage.put(options.prefix, expected.extension, body);
      if (upload.file.truncated) {
        await options.storage.remove(stored.key);
        throw new PayloadTooLarge(tooLargeMessage(options.maxBytes));
      }
      file = { ...stored, fileName, contentType: expected.mime };
    }
  } catch (error) {
    if (file) await options.storage.remove(file.key);
    // Whatever is still arriving is read and dropped, so the client gets the answer.
    request.raw.resume();
    throw uploadError(error, options.maxBytes);
  }
  if (!file) {
    throw ValidationError.field(fileField, options.missingMessage ?? 'Choose a file to upload.');
  }
  return { fields, file };
}

function uploadError(error: unknown, maxBytes: number) {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FILE_TOO_LARGE') {
    return new PayloadTooLarge(tooLargeMessage(maxBytes));
  }
  const message = (error as Error).message ?? '';
  if (
    code === 'FST_MP_PREMATURE_CLOSE' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /Unexpected end of (form|multipart data)|terminated early/i.test(message)
  ) {
    return new BadRequest(INTERRUPTED);
  }
  return error;
}

export const UPLOAD_MESSAGES = {
  noFile: 'Please choose a file to upload.',
  empty: 'The file is empty.',
  wrongType: (extensions: readonly string[]) =>
    `Only ${extensions.map((e) => `.${e}`).join(', ')} files are accepted.`,
} as const;

export interface ReceivedFile {
  /** Where the upload was written (a private folder under `DATA_DIR/tmp`); removed by `discard`. */
  path: string;
  /** The cleaned original name. */
  fileName: string;
  size: number;
  /** The form's text fields. */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/**
 * Streams the one file of a multipart upload to a private temporary file, for readers that need
 * random access (a workbook is a zip, read from its end). Explicit limits: one file, a few short
 * text fields. Not multipart answers 422; no file, an empty one or another extension 400; a file
 * over `maxBytes` 413 — a truncated file is never kept. The caller must `discard()` it.
 */
export async function receiveFileToDisk(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; extensions: readonly string[] },
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new PayloadMismatch();
  const dir = await mkdtemp(path.join(request.server.tempDir, 'upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let received: { path: string; fileName: string } | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
    });
    for await (const part of parts) {
      const upload = fileOrField(part, fields);
      if (!upload) continue;
      if (upload.fieldname !== options.field || received || !upload.filename) {
        upload.file.resume();
        continue;
      }
      const fileName = cleanFileName(upload.filename);
      const extension = path.extname(fileName).slice(1).toLowerCase();
      if (!options.extensions.includes(extension)) {
        throw ValidationError.field(options.field, UPLOAD_MESSAGES.wrongType(options.extensions));
      }
      const target = path.join(dir, `upload.${extension}`);
      await pipelineAsync(upload.file, createWriteStream(target, { flags: 'wx' }));
      // busboy stops at the limit and marks the stream truncated: never a partial file.
      if (upload.file.truncated) throw new PayloadTooLarge(tooLargeMessage(options.maxBytes));
      received = { path: target, fileName };
    }
    if (!received) throw ValidationError.field(options.field, UPLOAD_MESSAGES.noFile);
    const { size } = await stat(received.path);
    if (size === 0) throw ValidationError.field(options.field, UPLOAD_MESSAGES.empty);
    return { ...received, size, fields, discard };
  } catch (error) {
    await discard();
    // Whatever is still arriving is read and dropped, so the client gets the answer.
    request.raw.resume();
    throw uploadError(error, options.maxBytes);
  }
}
