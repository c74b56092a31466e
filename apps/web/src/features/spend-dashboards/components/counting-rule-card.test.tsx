import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchByPath, renderRoutes } from '../../../test/render.tsx';
import { CountingRuleCard } from './counting-rule-card.tsx';

afterEach(() => vi.restoreAllMocks());

const FIGURES = {
  totalSpend: 1000,
  reportedDiverse: 600,
  verifiedDiverse: 250,
  perType: [
    { type: 'MBE', reported: 400, verified: 250 },
    { type: 'WBE', reported: 300, verified: 0 },
    { type: 'VBE', reported: 0, verified: 0 },
  ],
  rule: 'REPORTED',
  ruleText: '',
};

/** The card's two requests answered; anything else (the drill-down's suppliers) is a 404. */
function answerFiguresAndPolicy() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    fetchByPath({
      '/api/graph/verifiedSpend': FIGURES,
      '/api/certificates/policy': {
        acceptedAgencies: null,
        acceptSelfCertified: false,
        graceMonths: 0,
        expiringWindowDays: 90,
        countingRule: 'VERIFIED',
      },
    }),
  );
}

describe('Counting rule', () => {
  it("opens on the organisation's rule and switches the headline to the other", async () => {
    answerFiguresAndPolicy();
    renderRoutes([{ path: '/', element: <CountingRuleCard fileIds={[1]} /> }], '/');
    const headline = await screen.findByTestId('counting-headline');
    await vi.waitFor(() => expect(headline.textContent).toBe('$250'));
    // Both figures side by side: the diverse total, then each type that has spend (the table
    // comes once the headline has painted).
    const table = await screen.findByTestId('counting-table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['Diverse spend', '$600', '$250'],
      ['MBE', '$400', '$250'],
      ['WBE', '$300', '$0'],
    ]);
    fireEvent.click(screen.getByText('As reported in the file', { selector: 'div' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('counting-headline').textContent).toBe('$600'),
    );
  });

  it('says that the suppliers behind the verified figure could not be loaded, not that there are none', async () => {
    answerFiguresAndPolicy();
    renderRoutes([{ path: '/', element: <CountingRuleCard fileIds={[1]} /> }], '/');
    fireEvent.click(await screen.findByText('Behind the verified figure'));
    expect(await screen.findByText('No answer for /api/graph/verifiedSuppliers')).toBeTruthy();
    expect(screen.queryByText('No data')).toBeNull();
  });
});
