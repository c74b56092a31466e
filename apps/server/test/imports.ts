/**
 * Spend uploads for API tests: an upload answers 202 with its import job; `importSpend` then
 * follows the job's event stream (GET /api/file/imports/:id/events) to its end.
 *
 *   const { job } = await importSpend(t, token, buffer, 'AP.xlsx');
 *   expect(job?.status).toBe('done');
 */
import { count, eq } from 'drizzle-orm';
import type { ImportJob, ImportJobDetail } from '@spotzcity/shared/spend-imports';
import { spendRows } from '../src/db/schema/index.ts';
import type { TestApp } from './harness.ts';
import { multipart } from './multipart.ts';
import { XLSX_TYPE } from './xlsx.ts';

export function uploadSpend(t: TestApp, token: string, data: Buffer, filename = 'spend.xlsx') {
  const form = multipart(
    { category: 'spend' },
    { file: { filename, contentType: XLSX_TYPE, data } },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: { ...t.auth(token), ...form.headers },
    payload: form.payload,
  });
}

/** The states an event stream sent, in order (each `data:` line is one). */
export function eventsOf(body: string): ImportJobDetail[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice('data: '.length)) as ImportJobDetail);
}

/** Follows an import's events until it rests (done, failed, cancelled or held). */
export async function followImport(t: TestApp, token: string, id: number) {
  const res = await t.app.inject({
    url: `/api/file/imports/${id}/events`,
    headers: t.auth(token),
  });
  if (res.statusCode !== 200) throw new Error(`events: ${res.statusCode} ${res.body}`);
  return eventsOf(res.body);
}

export interface Imported {
  /** The upload's own answer (202 with the job, or the refusal). */
  statusCode: number;
  body: { message: string; data?: ImportJob; errors?: unknown[] };
  /** Every state heard, and the last one (with a refused file's first problems). */
  states: ImportJobDetail[];
  job: ImportJobDetail | undefined;
}

/** Uploads a spend file and follows its import to the end. */
export async function importSpend(
  t: TestApp,
  token: string,
  data: Buffer,
  filename = 'spend.xlsx',
): Promise<Imported> {
  const res = await uploadSpend(t, token, data, filename);
  const body = res.json();
  if (res.statusCode !== 202)
    return { statusCode: res.statusCode, body, states: [], job: undefined };
  const states = await followImport(t, token, body.data.id);
  return { statusCode: res.statusCode, body, states, job: states.at(-1) };
}

/** How many spend rows the organisation holds, over all its files. */
export async function storedSpendRows(t: TestApp, clientRef: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(spendRows)
    .where(eq(spendRows.clientRef, clientRef));
  return row?.n ?? 0;
}

/** DELETE /api/file/delete as the holder of `token` (`{ fileId }`, or what a test sends). */
export function deleteSpendFile(t: TestApp, token: string, payload: object) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/file/delete',
    headers: t.auth(token),
    payload,
  });
}
