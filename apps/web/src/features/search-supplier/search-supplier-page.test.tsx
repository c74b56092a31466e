import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SupplierDetail } from '@spotzcity/shared/search-supplier';
import { jsonResponse, onePage, page, renderRoutes, signedInProfile } from '../../test/render.tsx';
import SearchSupplierPage from './search-supplier-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const profile = signedInProfile('ROLE_BUYER_ADMIN');

const supplier = (id: number, name: string, duns: string): SupplierDetail => ({
  id,
  name,
  duns,
  supplierDbaName: null,
  addressLine1: '12 Pier Rd',
  addressLine2: null,
  city: 'Baltimore',
  stateOrProvince: 'MD',
  zip: '21201',
  country: 'USA',
  businessStartDate: null,
  websiteUrl: null,
  businessContactName: null,
  businessContactTitle: null,
  businessContactPhone: null,
  businessContactEmail: null,
  alternateContactName: null,
  alternateContactTitle: null,
  alternateContactPhone: null,
  alternateContactEmail: null,
  minorityOwnedStatus: null,
  wbeStatus: null,
  vbeStatus: null,
  sdvbeStatus: null,
  dobeStatus: null,
  dbeStatus: null,
  primaryNaicsCode: null,
  primaryNaicsDescription: null,
  additionalNaicsCodes: null,
  additionalNaicsDescription: null,
  certificationType: 'MBE',
  industry: null,
  tulipValidated: null,
  annualReceipts: 12_500_000,
  employeeCount: null,
  ratingCount: { rating: 0, count: 0 },
  supplierRatingBo: { id: null, rating: 0, comment: null },
});

/** The directory: two suppliers whose DUNS share a prefix; the search matches as the server does. */
const DIRECTORY = [
  supplier(1, 'Harbor Point Logistics LLC', '804735132'),
  supplier(2, 'Harbor Boxes Inc.', '804735139'),
];
const searches: Record<string, unknown>[] = [];

function serve(certificates: unknown[] = []) {
  searches.length = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/users/profile')
      return jsonResponse(200, { message: 'ok', data: profile });
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, string>;
    if (key === 'POST /api/searchSupplier/list') {
      searches.push(body);
      const rows = DIRECTORY.filter(
        (s) =>
          (!body.duns || s.duns.startsWith(body.duns)) &&
          (!body.dbaName || s.name.toLowerCase().includes(body.dbaName.toLowerCase())),
      );
      return jsonResponse(200, onePage(rows));
    }
    if (key === 'POST /api/supplier/rating/list') {
      return jsonResponse(200, onePage([], 5));
    }
    if (key === 'POST /api/certificates/list') {
      return jsonResponse(200, onePage(certificates, 100));
    }
    return jsonResponse(404, { message: 'Not Found' });
  });
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      {
        path: '/home/supplierSearch',
        element: (
          <Suspense fallback="loading">
            <SearchSupplierPage />
          </Suspense>
        ),
      },
      { path: '/home/supplierSpend/list', element: page('all suppliers') },
    ],
    path,
  );

describe('Search Supplier opened from a supplier link', () => {
  it("opens the detail of the directory's supplier with exactly that DUNS", async () => {
    serve();
    const { router } = renderAt('/home/supplierSearch?duns=804735139&name=Harbor+Boxes');
    await screen.findByTestId('supplier-detail');
    expect(screen.getByTestId('supplier-detail-name').textContent).toBe('Harbor Boxes Inc.');
    expect(searches[0]).toMatchObject({ duns: '804735139', pageNumber: 0 });
    // The URL keeps the link while the detail shows (a reload finds it again).
    expect(router.state.location.search).toBe('?duns=804735139&name=Harbor+Boxes');

    // The header returns to the list of that DUNS, and the URL drops the link.
    fireEvent.click(screen.getByTestId('supplier-search-header'));
    await screen.findByTestId('supplier-results');
    await screen.findByText('Harbor Boxes Inc.');
    expect(screen.queryByText('Harbor Point Logistics LLC')).toBeNull();
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByTestId('back-to-filter'));
    expect((await screen.findByTestId<HTMLInputElement>('search-duns')).value).toBe('804735139');
  });

  it('searches by Business Name/DBA Name when the directory has no such DUNS', async () => {
    serve();
    renderAt('/home/supplierSearch?duns=123456789&name=harbor');
    await screen.findByTestId('supplier-results');
    await screen.findByText('Harbor Point Logistics LLC');
    expect(screen.getByText('Harbor Boxes Inc.')).toBeTruthy();
    expect(screen.queryByTestId('supplier-detail')).toBeNull();
    expect(searches.map(({ duns, dbaName }) => ({ duns, dbaName }))).toEqual([
      { duns: '123456789', dbaName: undefined },
      { duns: undefined, dbaName: 'harbor' },
    ]);
    // The form holds the name it searched.
    fireEvent.click(screen.getByTestId('back-to-filter'));
    expect((await screen.findByTestId<HTMLInputElement>('search-dbaName')).value).toBe('harbor');
  });

  it('searches by name straight away for a supplier without DUNS', async () => {
    serve();
    renderAt('/home/supplierSearch?name=Point');
    await screen.findByText('Harbor Point Logistics LLC');
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ dbaName: 'Point' });
  });

  it('falls back to the form holding the name when the lookup fails', async () => {
    serve();
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/searchSupplier/list'
        ? jsonResponse(500, { message: 'Internal Server Error' })
        : served(input, init),
    );
    renderAt('/home/supplierSearch?duns=804735132&name=Harbor+Point');
    expect((await screen.findByTestId<HTMLInputElement>('search-dbaName')).value).toBe(
      'Harbor Point',
    );
  });

  it('opens on the filter form without a link', async () => {
    serve();
    renderAt('/home/supplierSearch');
    await screen.findByTestId('supplier-search-form');
    expect(searches).toHaveLength(0);
  });
});

describe('the directory statuses beside the certificates', () => {
  it(
    "says a supplier's uploaded WBE status and validation no longer hold once its only WBE certificate expired",
    { timeout: 60_000 },
    async () => {
      DIRECTORY[1] = { ...DIRECTORY[1]!, wbeStatus: 'Certified', tulipValidated: 'Yes' };
      serve([
        {
          id: 9,
          supplierId: 2,
          supplierName: 'Harbor Boxes Inc.',
          duns: '804735139',
          diversityType: 'WBE',
          agency: 'WBENC',
          certificateNumber: null,
          issueDate: '2024-01-01',
          expiryDate: '2025-09-01',
          recordedStatus: 'ACTIVE',
          statusDate: null,
          status: 'EXPIRED',
          accepted: true,
          documentName: null,
          fromDirectory: true,
          editable: false,
        },
      ]);
      renderAt('/home/supplierSearch?duns=804735139&name=Harbor+Boxes');
      await screen.findByTestId('supplier-detail');
      const notes = await screen.findAllByTestId('status-lapsed', {}, { timeout: 5000 });
      const cells = notes.map((n) => n.closest('td')?.textContent);
      // Validated, and WBE; MBE (no certificate) shows nothing more than its uploaded value.
      expect(cells).toEqual([
        'Yes · certificate expired 09/01/2025',
        'Certified · certificate expired 09/01/2025',
      ]);
      DIRECTORY[1] = supplier(2, 'Harbor Boxes Inc.', '804735139');
    },
  );
});
