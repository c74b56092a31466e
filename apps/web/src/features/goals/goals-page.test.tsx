import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchByPath, renderRoutes, signedInProfile } from '../../test/render.tsx';
import GoalsPage from './goals-page.tsx';

afterEach(() => vi.restoreAllMocks());

function serve(history: unknown[] = []) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    fetchByPath({
      '/api/users/profile': signedInProfile('ROLE_BUYER_ADMIN'),
      '/api/organisation/settings': {
        fiscalYearStartMonth: 1,
        nonAddressableCategories: [],
        categories: [],
        updatedAt: null,
        updatedBy: null,
      },
      '/api/goals/years': { years: [2027, 2026], current: 2026 },
      '/api/goals': {
        fiscalYear: 2026,
        overall: 20,
        diversity: [],
        categories: [],
        programs: [],
        updatedAt: null,
        updatedBy: null,
      },
      '/api/goals/history': history,
      '/api/programs/categories': [{ id: 7, name: 'Local' }],
    }),
  );
  return renderRoutes([{ path: '/', element: <GoalsPage /> }], '/');
}

/** Opens an antd Select and picks the option with this label. */
async function choose(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(`.ant-select-item-option[title="${label}"]`)].at(
      -1,
    );
    if (!found) throw new Error(`option ${label} not shown`);
    return found;
  });
  fireEvent.click(option);
}

describe('Goals & Settings', () => {
  it(
    'says which goals cover other months before a new fiscal-year start is saved',
    { timeout: 60_000 },
    async () => {
      serve();
      await screen.findByTestId('fiscal-start', {}, { timeout: 30_000 });
      expect(screen.queryByTestId('fiscal-start-moves')).toBeNull();
      await choose('fiscal-start', 'July');
      const warning = await screen.findByTestId('fiscal-start-moves');
      const moves = within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(moves).toEqual([
        'FY2026 (Jan – Dec 2026) becomes FY2026 (Jul 2025 – Jun 2026)',
        'FY2027 (Jan – Dec 2027) becomes FY2027 (Jul 2026 – Jun 2027)',
      ]);
      // Back to the saved month: nothing moves, no warning.
      await choose('fiscal-start', 'January');
      await waitFor(() => expect(screen.queryByTestId('fiscal-start-moves')).toBeNull());
    },
  );

  it('names what changed in the history rather than showing its stored key', async () => {
    serve([
      {
        id: 1,
        at: '2026-12-01T14:03:00.000Z',
        actorName: 'Alex Morgan',
        actorEmail: 'alex@acme.example',
        entity: 'settings',
        entityId: 1,
        before: { fiscalYearStartMonth: 1, nonAddressableCategories: [] },
        after: { fiscalYearStartMonth: 7, nonAddressableCategories: [] },
      },
      {
        id: 2,
        at: '2026-12-01T14:05:00.000Z',
        actorName: 'Alex Morgan',
        actorEmail: 'alex@acme.example',
        entity: 'goals',
        entityId: 2026,
        before: null,
        after: {
          fiscalYear: 2026,
          overall: 20,
          diversity: { MBE: 5 },
          categories: {},
          programs: { 7: 3 },
        },
      },
    ]);
    const history = await screen.findByTestId('goals-history');
    await waitFor(() =>
      expect(history.textContent).toContain('Fiscal year starts in: January → July'),
    );
    expect(history.textContent).not.toContain('fiscalYearStartMonth');
    // When, with the month by name: no reader takes 1 December for 12 January.
    expect(history.textContent).toMatch(/\b1 Dec 2026, \d\d:\d\d · Alex Morgan/);
    expect(history.textContent).toContain('Overall target: — → 20%');
    expect(history.textContent).toContain('Per diversity type: — → MBE 5%');
    await waitFor(() =>
      expect(history.textContent).toContain('Per program category: — → Local 3%'),
    );
  });
});
