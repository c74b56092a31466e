/**
 * The steps an import dialog shows, each with its own determinate bar: uploading
 * (the bytes sent, measured by the browser), checking rows n of N, saving, building dashboards.
 * Pure: from the upload's percentage and the job's state to what each step says.
 */
import type { ImportJob, ImportPhase } from '@spotzcity/shared/spend-imports';

export type StepKey = 'uploading' | ImportPhase;
export type StepStatus = 'wait' | 'process' | 'finish' | 'error';

export interface ImportStep {
  key: StepKey;
  status: StepStatus;
  /** 0–100, null when nothing can be said yet. */
  percent: number | null;
  /**
   * Counts for the line under the step's name; the total only when it is known (a sheet that does
   * not declare its rows has none: the rows read so far say nothing sure of how many follow).
   */
  counts?: { done: number; total: number | null; unit: 'rows' | 'tables' };
}

export const STEP_KEYS: StepKey[] = ['uploading', 'checking', 'saving', 'building'];

const percentOf = (done: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;

/** What the job's phase has done, as a step. */
function phaseStep(key: ImportPhase, job: ImportJob, status: StepStatus): ImportStep {
  const { done, total } = job.progress;
  if (status === 'wait') return { key, status, percent: null };
  if (status === 'finish') {
    return {
      key,
      status,
      percent: 100,
      ...(key === 'building'
        ? {}
        : { counts: { done: job.rowCount ?? 0, total: job.rowCount, unit: 'rows' as const } }),
    };
  }
  // A check that failed before it counted a row (a refused file) says nothing of counts.
  if (status === 'error' && job.rowsChecked === 0 && (key === 'checking' || done === 0)) {
    return { key, status, percent: 0 };
  }
  switch (key) {
    case 'checking': {
      return {
        key,
        status,
        // Bytes of the sheet read, when known; else the rows counted against the sheet's claim.
        percent:
          total > 0
            ? percentOf(done, total)
            : job.rowsExpected
              ? percentOf(job.rowsChecked, job.rowsExpected)
              : null,
        counts: { done: job.rowsChecked, total: job.rowsExpected, unit: 'rows' },
      };
    }
    case 'saving': {
      const rows = job.rowCount ?? 0;
      return {
        key,
        status,
        percent: percentOf(done, total),
        counts: {
          done: total > 0 ? Math.round((rows * done) / total) : 0,
          total: rows,
          unit: 'rows',
        },
      };
    }
    case 'building':
      return {
        key,
        status,
        percent: percentOf(done, total),
        counts: { done, total, unit: 'tables' },
      };
  }
}

/**
 * The four steps for an upload at `uploadPercent` (null once the bytes are sent) and the job's
 * state (undefined until the server answers).
 */
export function importSteps(
  uploadPercent: number | null,
  job: ImportJob | undefined,
): ImportStep[] {
  if (!job) {
    return STEP_KEYS.map((key) =>
      key === 'uploading'
        ? { key, status: 'process', percent: uploadPercent ?? 0 }
        : { key, status: 'wait', percent: null },
    );
  }
  const current = STEP_KEYS.indexOf(job.phase);
  const done = job.status === 'done';
  // Held (waiting for the user's choice) or cancelled by it: the check is over, nothing saved.
  const held = job.status === 'held' || job.status === 'cancelled';
  return STEP_KEYS.map((key, index) => {
    if (key === 'uploading') return { key, status: 'finish', percent: 100 };
    let status: StepStatus;
    if (done || index < current || (held && key === 'checking')) status = 'finish';
    else if (index > current || held) status = 'wait';
    else if (job.status === 'failed') status = 'error';
    else if (job.status === 'queued') status = 'wait';
    else status = 'process';
    return phaseStep(key, job, status);
  });
}
