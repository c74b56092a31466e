import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setToken } from '../../api/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { HelpPopover } from './help-popover.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setToken('tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

const settingsCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/settings')).length;

describe('HelpPopover', () => {
  it('shows the support address from /api/settings, asked for once, when it is opened', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, {
        message: 'ok',
        data: { appName: 'SpotzCity', supportEmail: 'help@spotzcity.example' },
      }),
    );
    renderRoutes([{ path: '/home', element: <HelpPopover /> }], '/home');

    const button = await screen.findByTestId('help-button');
    expect(settingsCalls()).toBe(0);
    fireEvent.click(button);
    const email = await screen.findByTestId('support-email');
    expect(email.textContent).toContain('help@spotzcity.example');
    expect(email.getAttribute('href')).toBe('mailto:help@spotzcity.example');
    expect(screen.getByText('Need help?')).toBeTruthy();
    expect(settingsCalls()).toBe(1);
  });

  it('says what the help is for while the address is still coming', async () => {
    fetchMock.mockReturnValue(new Promise<Response>(() => undefined));
    renderRoutes([{ path: '/home', element: <HelpPopover /> }], '/home');

    fireEvent.click(await screen.findByTestId('help-button'));
    expect(await screen.findByText(/Questions about your account or your data/)).toBeTruthy();
    expect(screen.queryByTestId('support-email')).toBeNull();
  });
});
