/**
 * The upload of a list workbook (the supplier list, the events list): the multipart `file` (.xlsx)
 * received to disk, every row read and checked by the xlsx worker (`readSheet` with the module's
 * row module), and the converted rows saved batch by batch in one transaction — all-or-nothing
 * (DESIGN.md §5): a bad row refuses the file with `errors: [{row, column, message}]` and nothing
 * is saved. The uploaded file is discarded whatever happens.
 *
 *   // service.ts: the rules
 *   importSheet(db, path, { columns, rowModule, limits }, (tx, batch) => upsertRows(tx, batch));
 *   // routes.ts: the wiring
 *   withUploadedSheet(request, { maxBytes, label: 'events workbook' }, (path, onUnreadable) =>
 *     importEvents(app.db, { path, limits, onUnreadable, … }));
 */
import type { FastifyRequest } from 'fastify';
import type { FileColumn } from '@spotzcity/shared/cells';
import type { Db, DbOrTx } from '../../db/client.ts';
import { receiveFileToDisk } from '../uploads.ts';
import { readSheet, type XlsxLimits } from './sheet.ts';

/** One batch of converted rows, column by column, with each row's line in the sheet. */
export interface SheetRows {
  lines: number[];
  columns: Record<string, unknown[]>;
}

export interface SheetImportOptions {
  columns: readonly FileColumn[];
  /** The module (its URL) whose `parseRow` checks and converts each row in the worker. */
  rowModule: URL;
  limits: XlsxLimits;
  /** How many problems a refused file lists (100 unless told). */
  maxProblems?: number;
  onUnreadable?: ((detail: string) => void) | undefined;
}

/** Reads the workbook at `path` and saves its rows with `save`, in one transaction. */
export async function importSheet(
  db: Db,
  path: string,
  options: SheetImportOptions,
  save: (tx: DbOrTx, rows: SheetRows) => Promise<void>,
): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    const batches = readSheet(path, {
      columns: options.columns,
      rowModule: options.rowModule,
      maxProblems: options.maxProblems ?? 100,
      limits: options.limits,
      ...(options.onUnreadable ? { onUnreadable: options.onUnreadable } : {}),
    });
    let count = 0;
    for await (const batch of batches) {
      if (!batch.columns) continue;
      await save(tx, { lines: batch.lines, columns: batch.columns });
      count += batch.lines.length;
    }
    return { count };
  });
}

export interface UploadedSheetOptions {
  maxBytes: number;
  /** What the file is, for the log line of a workbook that cannot be parsed at all. */
  label: string;
}

/**
 * Receives the request's multipart `file` (.xlsx only, at most `maxBytes`) to disk, hands its
 * path to `use` and discards the file afterwards, whether `use` succeeded or not.
 */
export async function withUploadedSheet<T>(
  request: FastifyRequest,
  options: UploadedSheetOptions,
  use: (path: string, onUnreadable: (detail: string) => void) => Promise<T>,
): Promise<T> {
  const upload = await receiveFileToDisk(request, {
    field: 'file',
    maxBytes: options.maxBytes,
    extensions: ['xlsx'],
  });
  try {
    return await use(upload.path, (detail) =>
      request.log.warn({ detail }, `unreadable ${options.label}`),
    );
  } finally {
    await upload.discard();
  }
}
