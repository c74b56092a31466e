/**
 * Spend imports as jobs (DESIGN.md §5): the upload answers at once with the import's
 * id, and the import's state — its status, what it is doing and how far it has got — is read at
 * `GET /api/file/imports/:id` or followed at `GET /api/file/imports/:id/events` (server-sent
 * events) until it is done or failed. Failed and held imports stay listed until dismissed.
 */
import { z } from 'zod';
import { numeric } from './validation.ts';

/** Ids are PostgreSQL integers: anything past 2³¹ − 1 is a 400, never a database error. */
export const MAX_DB_ID = 2_147_483_647;

export const importIdParamsSchema = z.object({
  id: numeric(z.number().int().positive().max(MAX_DB_ID)),
});

/**
 * queued → running → done | failed. An import whose rows overlap earlier files is `held` until
 * the user chooses: import anyway or replace (→ running), or cancel (→ cancelled).
 */
export const IMPORT_STATUSES = [
  'queued',
  'running',
  'held',
  'done',
  'failed',
  'cancelled',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What a running import is doing (and, when it failed, where it stopped). */
export const IMPORT_PHASES = ['checking', 'saving', 'building'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export const FINAL_IMPORT_STATUSES: readonly ImportStatus[] = ['done', 'failed', 'cancelled'];
export const isFinalImport = (status: ImportStatus) => FINAL_IMPORT_STATUSES.includes(status);

export const IMPORT_MESSAGES = {
  received: 'File received. Importing it now.',
  interrupted:
    'The import was interrupted (the server stopped), nothing was saved. Please upload the file again.',
  uploadInterrupted: 'The upload was interrupted, nothing was saved. Please try again.',
  beingImported: (fileName: string) =>
    `This file is already being imported (as ${fileName}). Wait for it to finish.`,
  notFound: 'Import not found',
  stillRunning: 'The import is still running: it can be dismissed once it has finished.',
  dismissed: 'Import dismissed',
  held: 'Some rows of this file are already in earlier files: choose what to do.',
  notHeld: 'This import is not waiting for a choice.',
  noProblems: 'This import has no problems to report.',
  cancelled: 'Import cancelled: nothing was saved.',
  decided: {
    import: 'Importing the file with the overlapping rows.',
    replace: 'Replacing the earlier files with this one.',
    cancel: 'Import cancelled: nothing was saved.',
  },
} as const;

/**
 * What the user chose for a held import: import it anyway (overlapping rows counted twice),
 * replace the earlier files it overlaps (deleted in the same transaction), or cancel.
 */
export const IMPORT_CHOICES = ['import', 'replace', 'cancel'] as const;
export type ImportChoice = (typeof IMPORT_CHOICES)[number];

export const importDecisionSchema = z.object({ choice: z.enum(IMPORT_CHOICES) });

export const importRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
  value: z.string().optional(),
});

/** Overlap of an import's rows with the organisation's earlier files (same supplier, date, spend, contract). */
export const importOverlapSchema = z.object({
  /** Rows of the new file that match a row of an earlier file. */
  rows: z.number().int(),
  /** Their spend. */
  spend: z.number(),
  files: z.array(
    z.object({
      fileId: z.number().int(),
      fileName: z.string(),
      /** Rows of the new file that match a row of this file, and their spend. */
      rows: z.number().int(),
      spend: z.number(),
    }),
  ),
});
export type ImportOverlap = z.infer<typeof importOverlapSchema>;

/** What a spend upload may be: the template workbook, or CSV text (.csv, or .txt as exported). */
export const SPEND_FILE_EXTENSIONS = ['xlsx', 'csv', 'txt'] as const;

/** The delimiters and encodings a CSV upload may be written in, and how the dialog names them. */
export const CSV_DELIMITER_NAMES = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'pipe',
} as const;
export const CSV_ENCODING_NAMES = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252',
} as const;

/** How a CSV upload is written, as the import detected it before reading its rows. */
export const importSourceSchema = z.object({
  format: z.literal('csv'),
  delimiter: z.enum(Object.keys(CSV_DELIMITER_NAMES) as [keyof typeof CSV_DELIMITER_NAMES]),
  encoding: z.enum(Object.keys(CSV_ENCODING_NAMES) as [keyof typeof CSV_ENCODING_NAMES]),
});
export type ImportSource = z.infer<typeof importSourceSchema>;

/** "CSV, semicolon-delimited, Windows-1252" */
export const describeImportSource = (source: ImportSource) =>
  `CSV, ${CSV_DELIMITER_NAMES[source.delimiter]}-delimited, ${CSV_ENCODING_NAMES[source.encoding]}`;

export const importJobSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  phase: z.enum(IMPORT_PHASES),
  /** The phase's progress: `done` of `total` (both 0 when it is not known yet). */
  progress: z.object({ done: z.number(), total: z.number() }),
  /** Data rows read and checked so far. */
  rowsChecked: z.number().int(),
  /** The rows the sheet says it has (an estimate until checking ends), when it says so. */
  rowsExpected: z.number().int().nullable(),
  /** Rows of the checked file. */
  rowCount: z.number().int().nullable(),
  /** Why it failed (or what was decided). */
  message: z.string().nullable(),
  /** Problems listed for a refused file (the error workbook has all of them). */
  errorCount: z.number().int(),
  overlap: importOverlapSchema.nullable(),
  /** A CSV file's delimiter and encoding, once detected; null for a workbook. */
  source: importSourceSchema.nullable(),
  /** The saved file, once done. */
  fileId: z.number().int().nullable(),
  uploadedBy: z.string().nullable(),
  createdOn: z.string(),
  finishedOn: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** One import with the first problems of a refused file, as the dialog shows them. */
export const importJobDetailSchema = importJobSchema.extend({
  errors: z.array(importRowErrorSchema),
});
export type ImportJobDetail = z.infer<typeof importJobDetailSchema>;

/** Problems shown on screen; the error workbook lists every one. */
export const IMPORT_ERRORS_ON_SCREEN = 100;
