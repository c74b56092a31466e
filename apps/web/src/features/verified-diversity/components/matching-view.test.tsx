import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { VendorMatch } from '@spotzcity/shared/verified-diversity';
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

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    fetchByPath({
      '/api/users/profile': signedInProfile('ROLE_BUYER_ADMIN'),
      '/api/supplierMatching/list': onePage([vendor]),
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
});
