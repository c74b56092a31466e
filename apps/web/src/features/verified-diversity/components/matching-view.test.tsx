import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DecidedMatch, VendorMatch } from '@spotzcity/shared/verified-diversity';
import { fetchByPath, onePage, renderRoutes, signedInProfile } from '../../../test/render.tsx';
import { MatchingView } from './matching-view.tsx';

/** antd under jsdom on a loaded machine: a bound on a hang, not a speed the test expects. */
const SLOW = { timeout: 15_000 };

/** A vendor matched by name and state (score 80) whose one suggestion has the very same name. */
const vendor: VendorMatch = {
  supplierKey: 'name:blue sky printing',
  vendorName: 'Blue Sky Printing',
  spend: 800,
  rowCount: 2,
  rule: 'NAME_STATE',
  score: 80,
  confirmed: false,
  supplierId: 7,
  supplierName: 'Blue Sky Printing',
  suggestions: [
    {
      supplierId: 7,
      name: 'Blue Sky Printing',
      duns: '123456789',
      city: 'Albany',
      state: 'NY',
      similarity: 1,
    },
  ],
};

/** A confirmation that replaced the name match and moved its spend into the verified figure. */
const decision: DecidedMatch = {
  supplierKey: 'name:blue sky printing',
  vendorName: 'Blue Sky Printing',
  spend: 72620.73,
  rowCount: 2,
  rule: 'CONFIRMED',
  how: 'PERSON',
  supplierId: 7,
  supplierName: 'Blue Sky Printing Co',
  supplierDuns: '123456789',
  replacedRule: 'NAME_STATE',
  decidedBy: 'Dana Buyer',
  decidedAt: '2026-12-01T15:30:00Z',
  verifiedSpend: 72620.73,
  verifiedMoved: 72620.73,
};
/** An automatic DUNS match: nothing to undo, but it can be changed. */
const automatic: DecidedMatch = {
  ...decision,
  supplierKey: 'duns:987654321',
  vendorName: 'Harbor Steel',
  rule: 'DUNS',
  how: 'AUTOMATIC',
  supplierName: 'Harbor Steel Works',
  supplierDuns: '987654321',
  replacedRule: null,
  decidedBy: null,
  decidedAt: null,
  verifiedMoved: null,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    fetchByPath({
      '/api/users/profile': signedInProfile('ROLE_BUYER_ADMIN'),
      '/api/supplierMatching/list': onePage([vendor]),
      '/api/supplierMatching/decided': onePage([decision, automatic]),
      '/api/supplierMatching/undo': { message: 'Decision Undone' },
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('MatchingView', { timeout: 90_000 }, () => {
  it("says what the match is in words and what the suggestion's percentage measures", async () => {
    renderRoutes(
      [
        {
          path: '/home/supplierMatching',
          element: (
            <Suspense fallback="loading">
              <MatchingView />
            </Suspense>
          ),
        },
      ],
      '/home/supplierMatching',
    );
    const reason = await screen.findByTestId('match-reason', {}, SLOW);
    const row = reason.closest('tr')!;
    // No bare rule score beside the name similarity: 'score 80' read as contradicting it.
    expect(row.textContent).not.toMatch(/score \d/);
    expect(reason.textContent).toContain('Same name and state');
    expect(reason.textContent).toContain('Uncertain: not counted as verified until confirmed');
    expect(within(row).getByText(/name 100% similar/)).toBeTruthy();
  });

  it('lists decisions with who, when and the spend moved, and undoes one after a confirmation', async () => {
    renderRoutes(
      [
        {
          path: '/home/supplierMatching',
          element: (
            <Suspense fallback="loading">
              <MatchingView />
            </Suspense>
          ),
        },
      ],
      '/home/supplierMatching?view=decided',
    );
    const [first, second] = await screen.findAllByTestId('decided-row', {}, SLOW);
    const row = first!.closest('tr')!;
    expect(within(row).getByTestId('decided-by').textContent).toMatch(/^Dana Buyer, 1 Dec 2026/);
    expect(within(row).getByTestId('decided-moved').textContent).toContain('moved +$72,620.73');
    expect(row.textContent).toContain('replaced: Same name and state');
    const other = second!.closest('tr')!;
    expect(other.textContent).toContain('Same DUNS (automatic)');
    // An automatic match has nothing to undo; it can be changed.
    expect(within(other).queryByTestId('undo-decision')).toBeNull();
    expect(within(other).getByTestId('change-match')).toBeTruthy();

    fireEvent.click(within(row).getByTestId('undo-decision'));
    // Nothing is undone before the confirmation.
    const undoCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes('/undo'));
    expect(undoCalls()).toHaveLength(0);
    const confirm = (await screen.findByText('Undo this decision?', {}, SLOW)).closest(
      '.ant-popover',
    ) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(undoCalls()).toHaveLength(1), SLOW);
    const [, init] = undoCalls()[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ supplierKey: decision.supplierKey });
  });
});
