/** Dashboard exports and the saved analysis text (spec 01 points 3, 7, 9; DESIGN.md §7). */
import { z } from 'zod';
import { MESSAGES, optionalText, requiredText } from './validation.ts';
import { ANALYSIS_MAX } from './report-words.ts';

export * from './report-words.ts';

/** `POST /api/download` (ppt) and `/api/download/pdf`: a captured dashboard. */
export const downloadRequestSchema = z.object({
  type: z.enum(['ppt', 'pdf'], { error: MESSAGES.required }),
  name: requiredText(100),
  image: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
  /** SpotzCity's own additions: the analysis text and a line saying what the report covers. */
  analysis: optionalText(ANALYSIS_MAX),
  subtitle: optionalText(200),
});
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

/** The Excel variant of every dashboard download: `{ excel: true, spendData: {...} }`. */
export const excelRequestSchema = z.object({
  excel: z.literal(true, { error: MESSAGES.required }),
  spendData: z.record(z.string(), z.unknown()),
});

/**
 * `spendData` of a dashboard's Excel download: its selection (at the top or under `period`) and
 * the analysis text. Any figures the browser sends along are ignored: the server recomputes them.
 */
export const excelDataSchema = <Shape extends z.ZodRawShape>(selection: z.ZodObject<Shape>) =>
  z.preprocess(
    (raw) => {
      if (raw === null || typeof raw !== 'object') return raw;
      const { period } = raw as { period?: unknown };
      return period && typeof period === 'object' ? { ...period, ...raw } : raw;
    },
    selection.extend({ analysis: optionalText(ANALYSIS_MAX) }),
  );

export const analysisKeySchema = z.object({ reportKey: requiredText(200) });
export const analysisSaveSchema = z.object({
  reportKey: requiredText(200),
  text: z.string().max(ANALYSIS_MAX, { error: MESSAGES.maxLength(ANALYSIS_MAX) }),
});

export const analysisSchema = z.object({
  reportKey: z.string(),
  text: z.string(),
  updatedAt: z.string().nullable(),
});
export type Analysis = z.infer<typeof analysisSchema>;
