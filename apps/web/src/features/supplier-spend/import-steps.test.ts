import { describe, expect, it } from 'vitest';
import { importJob } from '../../test/import-jobs.ts';
import { importSteps } from './import-steps.ts';

const summary = (steps: ReturnType<typeof importSteps>) =>
  steps.map((s) => `${s.key}:${s.status}:${s.percent ?? '-'}`);

describe('the import dialog’s steps', () => {
  it('show the bytes sent while uploading, the rest waiting', () => {
    expect(summary(importSteps(37, undefined))).toEqual([
      'uploading:process:37',
      'checking:wait:-',
      'saving:wait:-',
      'building:wait:-',
    ]);
  });

  it('show checking rows n of N, its bar from the bytes of the sheet read', () => {
    const steps = importSteps(
      null,
      importJob({ progress: { done: 250, total: 1000 }, rowsChecked: 5000, rowsExpected: 20_000 }),
    );
    expect(summary(steps)).toEqual([
      'uploading:finish:100',
      'checking:process:25',
      'saving:wait:-',
      'building:wait:-',
    ]);
    expect(steps[1]!.counts).toEqual({ done: 5000, total: 20_000, unit: 'rows' });
  });

  it('give no total when the sheet does not declare its rows: the bytes read do not tell it', () => {
    // 4,343 rows in 57% of a 20,000-row file's bytes: the rows so far, and no guessed total.
    const steps = importSteps(
      null,
      importJob({ progress: { done: 5_750_000, total: 10_000_000 }, rowsChecked: 4_343 }),
    );
    expect(steps[1]!.counts).toEqual({ done: 4_343, total: null, unit: 'rows' });
    expect(steps[1]!.percent).toBe(57);
  });

  it('say no row count for a file refused before a row was checked', () => {
    const refused = importSteps(
      null,
      importJob({ status: 'failed', progress: { done: 4096, total: 10_000 }, rowsChecked: 0 }),
    );
    expect(refused[1]).toEqual({ key: 'checking', status: 'error', percent: 0 });
  });

  it('show saving as rows of the file from the bytes saved, then the dashboards built', () => {
    const saving = importSteps(
      null,
      importJob({ phase: 'saving', progress: { done: 300, total: 1200 }, rowCount: 20_000 }),
    );
    expect(summary(saving).slice(1)).toEqual([
      'checking:finish:100',
      'saving:process:25',
      'building:wait:-',
    ]);
    expect(saving[2]!.counts).toEqual({ done: 5000, total: 20_000, unit: 'rows' });
    const building = importSteps(
      null,
      importJob({ phase: 'building', progress: { done: 3, total: 4 }, rowCount: 20_000 }),
    );
    expect(summary(building).slice(2)).toEqual(['saving:finish:100', 'building:process:75']);
  });

  it('mark every step done once saved, and the step that failed', () => {
    expect(summary(importSteps(null, importJob({ status: 'done', phase: 'building' })))).toEqual([
      'uploading:finish:100',
      'checking:finish:100',
      'saving:finish:100',
      'building:finish:100',
    ]);
    const failed = importSteps(
      null,
      importJob({ status: 'failed', progress: { done: 10, total: 40 }, rowsChecked: 12 }),
    );
    expect(summary(failed).slice(1)).toEqual([
      'checking:error:25',
      'saving:wait:-',
      'building:wait:-',
    ]);
  });

  it('wait at checking while queued behind other imports', () => {
    expect(summary(importSteps(null, importJob({ status: 'queued' }))).slice(1, 2)).toEqual([
      'checking:wait:-',
    ]);
  });
});
