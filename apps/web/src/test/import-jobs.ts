/** Spend import jobs as the API answers them, for the tests of the import dialog and files panel. */
import type { ImportJob, ImportJobDetail } from '@spotzcity/shared/spend-imports';

/** A job that has just started checking its file, with `values` changed. */
export const importJob = (values: Partial<ImportJob> = {}): ImportJob => ({
  id: 7,
  fileName: 'AP 2026.xlsx',
  status: 'running',
  phase: 'checking',
  progress: { done: 0, total: 0 },
  rowsChecked: 0,
  rowsExpected: null,
  rowCount: null,
  message: null,
  errorCount: 0,
  overlap: null,
  source: null,
  fileId: null,
  uploadedBy: 'Alex Morgan',
  createdOn: '2026-11-07T09:30:00.000Z',
  finishedOn: null,
  ...values,
});

/** The same job with its row problems (none unless `values` say). */
export const importJobDetail = (values: Partial<ImportJobDetail> = {}): ImportJobDetail => ({
  ...importJob(),
  errors: [],
  ...values,
});
