import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getToken } from '../../api/token.ts';
import { jsonResponse, page, renderRoutes } from '../../test/render.tsx';
import LoginPage from './login-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const renderLogin = () =>
  renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: page('home screen') },
    ],
    '/login',
  );

describe('LoginPage', () => {
  it('says why the user was signed out, as a warning', async () => {
    renderRoutes([{ path: '/login', element: <LoginPage /> }], {
      pathname: '/login',
      state: { notice: 'Your organisation’s access has been disabled.', tone: 'warning' },
    });
    const notice = await screen.findByTestId('login-notice');
    expect(notice.textContent).toContain('Your organisation’s access has been disabled.');
    expect(notice.className).toContain('warning');
  });

  it('shows validation messages only once a field has been touched', async () => {
    renderLogin();
    const email = screen.getByLabelText('Email');
    expect(screen.queryByText('Required')).toBeNull();

    fireEvent.blur(email);
    expect(await screen.findByText('Required')).toBeTruthy();

    fireEvent.change(email, { target: { value: 'not-an-email' } });
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's error text above the form", async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { message: 'Invalid email or password.' }));
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@acme.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const error = await screen.findByTestId('login-error');
    expect(error.textContent).toContain('Invalid email or password.');
    expect(getToken()).toBeNull();
  });

  it('stores the token and goes home on success', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { message: 'ok', accessToken: 'tok.en', tokenType: 'Bearer' }),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@acme.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret@2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('home screen')).toBeTruthy();
    expect(getToken()).toBe('tok.en');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/signin');
    expect(JSON.parse(String(init?.body))).toEqual({
      usernameOrEmail: 'ada@acme.example',
      password: 'Secret@2024',
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
  });

  it('returns to the page the user was on, and never to another site', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonResponse(200, { message: 'ok', accessToken: 'tok.en', tokenType: 'Bearer' }),
      ),
    );
    const signInFrom = (from: string) => {
      renderRoutes(
        [
          { path: '/login', element: <LoginPage /> },
          { path: '/home', element: page('home screen') },
          { path: '/contracts', element: page('contracts screen') },
        ],
        { pathname: '/login', state: { notice: 'Your session has ended.', tone: 'warning', from } },
      );
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@acme.example' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret@2024' } });
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    };
    signInFrom('/contracts?page=2');
    expect(await screen.findByText('contracts screen')).toBeTruthy();
    cleanup();
    signInFrom('//evil.example/phish');
    expect(await screen.findByText('home screen')).toBeTruthy();
  });
});
