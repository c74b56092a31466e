import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Tier2Buyer, Tier2Report } from '@spotzcity/shared/tier2';
import { jsonResponse, renderRoutes, signedInProfile } from '../../test/render.tsx';
import { messageOf, typeInto } from '../../test/form-fields.ts';
import Tier2ReportsPage from './tier2-reports-page.tsx';

/** antd under jsdom on a loaded machine: a bound on a hang, not a speed the test expects. */
const SLOW = { timeout: 15_000 };

const fetchMock = vi.fn<typeof fetch>();
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const quarter = { year: 2026, quarter: 3 };
const buyer: Tier2Buyer = {
  primeId: 4,
  buyerName: 'Acme',
  breakdown: 'NONE',
  segments: [],
  quarters: [{ ...quarter, dueDate: '2026-10-31', status: 'OPEN', submittedAt: null }],
};
const emptyReport: Tier2Report = {
  primeId: 4,
  buyerName: 'Acme',
  primeName: 'Great Lakes Builders',
  breakdown: 'NONE',
  segments: [],
  ...quarter,
  dueDate: '2026-10-31',
  submitted: false,
  submittedAt: null,
  submittedBy: null,
  totalRevenue: '0.00',
  buyerRevenue: '0.00',
  revenueShare: '0.00',
  direct: [],
  allocation: [],
  directTotal: '0.00',
  indirectTotal: '0.00',
  segmentTotals: [],
  history: [],
};

/** The API by method and path; `save` answers the report's PUT. */
function serve(
  save: () => Response = () => jsonResponse(200, { message: 'Tier 2 report saved.' }),
) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const ok = (data: unknown) => jsonResponse(200, { message: 'Fetched Successfully', data });
    if (method === 'PUT' && path === '/api/tier2/buyers/report') return save();
    if (path === '/api/users/profile') return ok(signedInProfile('ROLE_SUPPLIER'));
    if (path === '/api/tier2/buyers') return ok([buyer]);
    if (path === '/api/tier2/buyers/requests') return ok([]);
    if (path === '/api/tier2/buyers/report') return ok(emptyReport);
    return jsonResponse(404, { message: `No answer for ${path}` });
  });
}
beforeEach(() => vi.stubGlobal('fetch', fetchMock));

const saves = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => init?.method === 'PUT' && String(url).includes('/api/tier2/buyers/report'),
  );

async function renderPage() {
  renderRoutes(
    [
      {
        path: '/home/tier2Reports',
        element: (
          <Suspense fallback="loading">
            <Tier2ReportsPage />
          </Suspense>
        ),
      },
    ],
    '/home/tier2Reports',
  );
  await screen.findByTestId('tier2-total-revenue', {}, SLOW);
}

// antd forms under jsdom are slow on a loaded machine: the bound is on a hang only.
describe('Tier2ReportsPage report form', { timeout: 90_000 }, () => {
  it('refuses revenue from the buyer above total revenue on its field, never previewing a share above 100%', async () => {
    serve();
    await renderPage();
    typeInto('tier2-total-revenue', '1000000');
    typeInto('tier2-buyer-revenue', '1250000');
    await waitFor(
      () =>
        expect(messageOf('tier2-buyer-revenue')).toBe(
          'Revenue from this buyer cannot be more than total revenue.',
        ),
      SLOW,
    );
    const preview = screen.getByTestId('tier2-allocation-preview');
    expect(preview.textContent).not.toMatch(/125(\.00)?%/);
    expect(preview.textContent).toContain('cannot be more than total revenue');

    typeInto('tier2-buyer-revenue', '250000');
    await waitFor(() => expect(messageOf('tier2-buyer-revenue')).toBeUndefined(), SLOW);
    expect(screen.getByTestId('tier2-allocation-preview').textContent).toContain('25.00%');
  });

  it("shows a line's problem on the line's own field, leaving a blank line out", async () => {
    serve();
    await renderPage();
    typeInto('tier2-total-revenue', '1000000');
    typeInto('tier2-buyer-revenue', '250000');
    // An amount on the first direct line, with no diversity type chosen.
    typeInto('tier2-direct-amount-0', '5000');
    fireEvent.click(screen.getByTestId('tier2-save'));
    await waitFor(() => expect(messageOf('tier2-direct-diversity-0')).toBe('Required'), SLOW);
    expect(messageOf('tier2-direct-amount-0')).toBeUndefined();
    // The untouched diverse-spend line is blank: left out, not an error.
    expect(messageOf('tier2-primeDiverse-amount-0')).toBeUndefined();
    expect(saves()).toHaveLength(0);
  });

  it("puts the server's line problem on the line's field and names it in the alert", async () => {
    serve(() =>
      jsonResponse(400, {
        message: 'Must be 999999999999 equal or less',
        errors: [{ field: 'direct.0.amount', message: 'Must be 999999999999 equal or less' }],
      }),
    );
    await renderPage();
    typeInto('tier2-total-revenue', '1000000');
    typeInto('tier2-buyer-revenue', '250000');
    fireEvent.click(screen.getByText('Add direct line'));
    // The first direct line stays blank (left out); the second is the report's first.
    const amount = await screen.findByTestId('tier2-direct-amount-1', {}, SLOW);
    expect(amount).toBeTruthy();
    fireEvent.mouseDown(
      screen.getByTestId('tier2-direct-diversity-1').querySelector('input') ??
        screen.getByTestId('tier2-direct-diversity-1'),
    );
    fireEvent.click((await screen.findAllByTitle(/^MBE/))[0]!);
    typeInto('tier2-direct-amount-1', '5000');
    fireEvent.click(screen.getByTestId('tier2-save'));
    await waitFor(() => expect(saves()).toHaveLength(1), SLOW);
    await waitFor(
      () => expect(messageOf('tier2-direct-amount-1')).toBe('Must be 999999999999 equal or less'),
      SLOW,
    );
    expect(messageOf('tier2-direct-amount-0')).toBeUndefined();
    expect((await screen.findByTestId('alert-modal', {}, SLOW)).textContent).toContain(
      'Direct line 2, Amount: Must be 999999999999 equal or less',
    );
  });
});
