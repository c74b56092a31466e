import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchByPath, jsonResponse, renderRoutes, signedInProfile } from '../../test/render.tsx';
import ProgramsPage from './programs-page.tsx';

afterEach(() => vi.restoreAllMocks());

const smallAndLocal = {
  id: 5,
  name: 'Small & Local',
  kind: 'SMALL',
  kinds: ['SMALL', 'LOCAL'],
  match: 'ALL',
  enabled: true,
  local: { radiusMiles: 100, states: [], counties: [] },
  markedSuppliers: 0,
};

describe('Program Categories', () => {
  it(
    'saves the All/Any choice with the radius and states, by Save, not on the click',
    { timeout: 60_000 },
    async () => {
      const puts: unknown[] = [];
      const answer = fetchByPath({
        '/api/users/profile': signedInProfile('ROLE_BUYER_ADMIN'),
        '/api/programs/categories': [smallAndLocal],
        '/api/programs/sites': [{ id: 1, name: 'HQ', zip: '21201' }],
      });
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return jsonResponse(200, { message: 'Updated Successfully', data: smallAndLocal });
        }
        return answer(input);
      });
      renderRoutes([{ path: '/', element: <ProgramsPage /> }], '/');
      const card = await screen.findByTestId('program-category-5', {}, { timeout: 30_000 });
      fireEvent.click(within(card).getByText('Any of these'));
      const radius = within(card).getByTestId('local-radius') as HTMLInputElement;
      fireEvent.change(radius, { target: { value: '50' } });
      fireEvent.click(within(card).getByTestId('rule-save'));
      // One request with both: the click on Any saved nothing of its own.
      await waitFor(() =>
        expect(puts).toEqual([
          { match: 'ANY', local: { radiusMiles: 50, states: [], counties: [] } },
        ]),
      );
    },
  );
});
