import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { UploadedFile } from '@spotzcity/shared/spend';
import type { ImportJob, ImportJobDetail } from '@spotzcity/shared/spend-imports';
import { importJobDetail } from '../../../test/import-jobs.ts';
import { jsonResponse, onePage, renderRoutes, signedInProfile } from '../../../test/render.tsx';
import { FilesPanel } from './files-panel.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const file = (fileId: number, fileName: string, rowCount: number): UploadedFile => ({
  fileId,
  fileName,
  createdOn: '2026-11-07T09:30:00.000Z',
  rowCount,
  totalSpends: 100,
  firstPaymentDate: '2026-01-15',
  lastPaymentDate: '2026-01-15',
  uploadedBy: 'Alex Morgan',
});

/** A server-sent events reply: one `data:` block per state, then the end of the stream. */
function eventStream(states: ImportJobDetail[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const state of states) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(state)}\n\n`));
      }
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** What the server answers: each events request of an import gets the next list of states. */
function serve(
  files: UploadedFile[],
  imports: ImportJob[] = [],
  events: Record<number, ImportJobDetail[] | ImportJobDetail[][]> = {},
  decisions: Record<number, ImportJob> = {},
) {
  const calls = new Map<number, number>();
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/users/profile') {
      return jsonResponse(200, { message: 'ok', data: signedInProfile('ROLE_BUYER_ADMIN') });
    }
    if (key === 'POST /api/file/list') {
      return jsonResponse(200, onePage(files));
    }
    if (key === 'GET /api/file/imports') {
      return jsonResponse(200, { message: 'ok', data: imports });
    }
    const follow = /^GET \/api\/file\/imports\/(\d+)\/events$/.exec(key);
    if (follow) {
      const id = Number(follow[1]);
      const all = events[id] ?? [];
      const round = calls.get(id) ?? 0;
      calls.set(id, round + 1);
      const rounds = Array.isArray(all[0])
        ? (all as ImportJobDetail[][])
        : [all as ImportJobDetail[]];
      return eventStream(rounds[Math.min(round, rounds.length - 1)] ?? []);
    }
    const decision = /^POST \/api\/file\/imports\/(\d+)\/decision$/.exec(key);
    if (decision && decisions[Number(decision[1])]) {
      return jsonResponse(200, { message: 'ok', data: decisions[Number(decision[1])] });
    }
    return jsonResponse(404, { message: 'Not Found' });
  });
}

const renderPanel = () =>
  renderRoutes(
    [{ path: '/home/supplierSpend', element: <FilesPanel selected={[]} onSelect={() => {}} /> }],
    '/home/supplierSpend',
  );

describe('Previously Uploaded Files', () => {
  it('counts a file’s rows in words that agree with the number', async () => {
    serve([file(1, 'One Payment.xlsx', 1), file(2, 'Year.xlsx', 7000)]);
    renderRoutes(
      [{ path: '/home/supplierSpend', element: <FilesPanel selected={[]} onSelect={() => {}} /> }],
      '/home/supplierSpend',
    );

    // The file's first render (antd's table) can take seconds on a loaded machine.
    const one = (await screen.findByText('One Payment.xlsx', {}, { timeout: 15_000 })).closest(
      'tr',
    )!;
    expect(within(one as HTMLElement).getByText('1 row · by Alex Morgan')).toBeTruthy();
    const year = screen.getByText('Year.xlsx').closest('tr')!;
    expect(within(year as HTMLElement).getByText('7,000 rows · by Alex Morgan')).toBeTruthy();
  });
});

describe('imports above the files', () => {
  it('lists a failed import with its reason, and its problems in the dialog', async () => {
    const failed = importJobDetail({
      status: 'failed',
      message: 'The file was not imported: 2 problems in 1 row. Nothing was saved.',
      errorCount: 2,
    });
    serve([], [failed], {
      7: [
        {
          ...failed,
          errors: [
            { row: 3, column: 'Spend', message: 'Must be a number', value: 'twelve' },
            { row: 3, column: 'Payment Date', message: 'Enter Valid Date.' },
          ],
        },
      ],
    });
    renderPanel();
    const line = await screen.findByTestId('import-line');
    expect(within(line).getByText('AP 2026.xlsx')).toBeTruthy();
    expect(within(line).getByTestId('import-line-status').textContent).toBe(failed.message);
    expect(within(line).getByText('Dismiss')).toBeTruthy();

    fireEvent.click(within(line).getByTestId('import-line-open'));
    const problems = await screen.findByTestId('import-errors');
    expect(problems.textContent).toContain(
      'Row 3, Spend: Must be a number (the cell holds “twelve”)',
    );
    expect(problems.textContent).toContain('Row 3, Payment Date: Enter Valid Date.');
    expect(screen.getByTestId('import-step-checking').dataset.status).toBe('error');
  });

  it('says how a CSV file was read and names its problems by line', async () => {
    const failed = importJobDetail({
      fileName: 'AP March.csv',
      status: 'failed',
      message: 'The file was not imported: line 9 is not valid CSV. Nothing was saved.',
      errorCount: 2,
      source: { format: 'csv', delimiter: ';', encoding: 'windows-1252' },
    });
    serve([], [failed], {
      7: [
        {
          ...failed,
          errors: [
            { row: 5, column: 'Spend', message: 'Must be a number', value: 'twelve' },
            { row: 9, column: '', message: 'A quoted value is not closed.' },
          ],
        },
      ],
    });
    renderPanel();
    const line = await screen.findByTestId('import-line', {}, { timeout: 15_000 });
    fireEvent.click(within(line).getByTestId('import-line-open'));
    const problems = await screen.findByTestId('import-errors', {}, { timeout: 15_000 });
    expect(screen.getByTestId('import-file-source').textContent).toBe(
      'Read as CSV · semicolon-delimited · Windows-1252',
    );
    expect(problems.textContent).toContain(
      'Line 5, Spend: Must be a number (the cell holds “twelve”)',
    );
    expect(problems.textContent).toContain('Line 9: A quoted value is not closed.');
  });

  it('follows a running import step by step to the end', async () => {
    const running = importJobDetail({
      rowsChecked: 5000,
      rowsExpected: 20_000,
      progress: { done: 1, total: 4 },
    });
    serve([], [running], {
      7: [
        running,
        importJobDetail({ phase: 'saving', rowCount: 20_000, progress: { done: 50, total: 100 } }),
        importJobDetail({
          status: 'done',
          phase: 'building',
          rowCount: 20_000,
          fileId: 12,
          message: 'File Uploaded Successfully',
          progress: { done: 4, total: 4 },
        }),
      ],
    });
    renderPanel();
    const line = await screen.findByTestId('import-line');
    expect(within(line).getByTestId('import-line-status').textContent).toBe('Checking rows');
    fireEvent.click(within(line).getByTestId('import-line-open'));
    const done = await screen.findByTestId('import-done');
    expect(done.textContent).toContain('20,000 rows saved.');
    for (const step of ['uploading', 'checking', 'saving', 'building']) {
      expect(screen.getByTestId(`import-step-${step}`).dataset.status).toBe('finish');
    }
    expect(screen.getByTestId('import-view-file')).toBeTruthy();
  });
});

describe('a held import', () => {
  it('shows the overlap and imports anyway when told so', async () => {
    const overlap = {
      rows: 40,
      spend: 12_345.6,
      files: [{ fileId: 3, fileName: 'January.xlsx', rows: 40, spend: 12_345.6 }],
    };
    const held = importJobDetail({ status: 'held', overlap, rowCount: 100, message: 'Some rows…' });
    serve(
      [],
      [held],
      {
        7: [
          [held],
          [
            importJobDetail({ status: 'running', phase: 'saving', rowCount: 100 }),
            importJobDetail({ status: 'done', phase: 'building', rowCount: 100, fileId: 9 }),
          ],
        ],
      },
      { 7: importJobDetail({ status: 'queued', phase: 'saving', rowCount: 100 }) },
    );
    renderPanel();
    const line = await screen.findByTestId('import-line');
    fireEvent.click(within(line).getByText('Choose'));
    const choice = await screen.findByTestId('import-overlap');
    expect(choice.textContent).toContain(
      '40 rows of this file ($12,345.60) are already in earlier files',
    );
    expect(choice.textContent).toContain('January.xlsx: 40 rows, $12,345.60');
    // A Buyer Admin may delete files, so may replace them.
    expect(screen.getByTestId('import-replace').textContent).toBe('Replace January.xlsx');

    fireEvent.click(screen.getByTestId('import-anyway'));
    expect((await screen.findByTestId('import-done')).textContent).toContain('100 rows saved.');
    const decided = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/decision'));
    expect(JSON.parse(String(decided![1]!.body))).toEqual({ choice: 'import' });
  });
});
