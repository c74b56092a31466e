/**
 * The demo data as a new user meets it: nothing in it is dated after today, so a file uploaded
 * now is listed above the demo's files (the list shows the newest upload first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@spotzcity/shared/api';
import type { UploadedFile } from '@spotzcity/shared/spend';
import { apiPost, apiToken } from './api.ts';
import { openBrowser, type Browser } from './browser.ts';
import { BUYER_ADMIN, DEMO_PASSWORD } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('Demo data', () => {
  it('dates every spend file no later than now', async () => {
    const token = await apiToken(browser.baseURL, BUYER_ADMIN, DEMO_PASSWORD);
    const files = await apiPost<Paged<UploadedFile>>(browser.baseURL, token, '/api/file/list', {
      pageNumber: 0,
    });
    expect(files.data.length).toBeGreaterThanOrEqual(3);
    const now = Date.now();
    const later = files.data.filter((f) => Date.parse(f.createdOn) > now);
    expect(later.map((f) => `${f.fileName}: ${f.createdOn}`)).toEqual([]);
  });
});
