import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { quarterLabel, quarterOf } from '@spotzcity/shared/tier2';
import { todayIso } from '@spotzcity/shared/validation';
import { fetchByPath, renderRoutes, signedInProfile } from '../../test/render.tsx';
import Tier2Page from './tier2-page.tsx';

/** antd under jsdom on a loaded machine: a bound on a hang, not a speed the test expects. */
const SLOW = { timeout: 15_000 };

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    fetchByPath({
      '/api/users/profile': signedInProfile('ROLE_BUYER_ADMIN'),
      '/api/tier2/primes': [],
      '/api/tier2/figures': {
        year: null,
        years: [],
        rows: [],
        tier1Diverse: '0.00',
        directTotal: '0.00',
        indirectTotal: '0.00',
        primes: [],
        primesInvited: 0,
      },
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/home/tier2',
        element: (
          <Suspense fallback="loading">
            <Tier2Page />
          </Suspense>
        ),
      },
    ],
    '/home/tier2',
  );

async function openInvite() {
  renderPage();
  fireEvent.click(await screen.findByTestId('tier2-invite', {}, SLOW));
  return screen.findByTestId('tier2-invite-dialog', {}, SLOW);
}

// antd forms under jsdom are slow on a loaded machine: the bound is on a hang only.
describe('Tier2Page invitation', { timeout: 90_000 }, () => {
  it('asks from the running quarter, so a new prime is not overdue the day it is invited', async () => {
    const dialog = await openInvite();
    const first = within(dialog).getByTestId('tier2-invite-first');
    // The running quarter by the calendar: an ended one would be Due or Overdue at once.
    expect(first.textContent).toBe(quarterLabel(quarterOf(todayIso())));
  });

  it('says Required on each empty field on Send Invitation, and leaves no promise unhandled', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const dialog = await openInvite();
      fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
      // Prime supplier, contact name and contact e-mail.
      await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(3), SLOW);
      // Node reports a rejection nobody handled once the task that made it has ended.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/invite'))).toBe(false);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
