import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { setUnauthorizedHandler } from '../api/client.ts';
import type { LoginNotice } from '../components/login-notice.ts';
import { setToken } from '../api/token.ts';
import { jsonResponse, page, renderRoutes } from '../test/render.tsx';
import { RequireAuth } from './require-auth.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setUnauthorizedHandler(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** The sign-in page's stand-in: shows the page it was asked to return to. */
function ReturnTo() {
  const state = useLocation().state as LoginNotice | null;
  return <p data-testid="return-to">{state?.from}</p>;
}

const renderGuarded = () =>
  renderRoutes(
    [
      { path: '/login', element: page('login screen') },
      { path: '/home', element: <RequireAuth>{page('signed-in area')}</RequireAuth> },
    ],
    '/home',
  );

describe('RequireAuth', () => {
  it('redirects to /login without a stored token, naming the page to return to', async () => {
    renderRoutes(
      [
        { path: '/login', element: <ReturnTo /> },
        { path: '/home', element: <RequireAuth>{page('signed-in area')}</RequireAuth> },
      ],
      '/home?tab=2',
    );
    expect((await screen.findByTestId('return-to')).textContent).toBe('/home?tab=2');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the loading screen until the profile arrives', async () => {
    setToken('tok');
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderGuarded();
    expect(screen.getByTestId('loading-screen')).toBeTruthy();

    answer(jsonResponse(200, { message: 'ok', data: { id: 1, name: 'Ada' } }));
    expect(await screen.findByText('signed-in area')).toBeTruthy();
  });

  it("clears storage and goes to /login when the profile answers 'Unauthorized'", async () => {
    setToken('expired');
    localStorage.setItem('somethingElse', '1');
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Unauthorized' }));
    renderGuarded();

    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(localStorage.length).toBe(0);
  });
});
