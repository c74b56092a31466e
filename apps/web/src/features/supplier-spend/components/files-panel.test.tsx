import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UploadedFile } from '@spotzcity/shared/spend';
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

function serve(files: UploadedFile[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/users/profile') {
      return jsonResponse(200, { message: 'ok', data: signedInProfile('ROLE_BUYER_ADMIN') });
    }
    if (key === 'POST /api/file/list') {
      return jsonResponse(200, onePage(files));
    }
    return jsonResponse(404, { message: 'Not Found' });
  });
}

describe('Previously Uploaded Files', () => {
  it('counts a file’s rows in words that agree with the number', async () => {
    serve([file(1, 'One Payment.xlsx', 1), file(2, 'Year.xlsx', 7000)]);
    renderRoutes(
      [{ path: '/home/supplierSpend', element: <FilesPanel selected={[]} onSelect={() => {}} /> }],
      '/home/supplierSpend',
    );

    const one = (await screen.findByText('One Payment.xlsx')).closest('tr')!;
    expect(within(one as HTMLElement).getByText('1 row · by Alex Morgan')).toBeTruthy();
    const year = screen.getByText('Year.xlsx').closest('tr')!;
    expect(within(year as HTMLElement).getByText('7,000 rows · by Alex Morgan')).toBeTruthy();
  });
});
