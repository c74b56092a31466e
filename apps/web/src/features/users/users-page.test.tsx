import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@spotzcity/shared/permissions';
import type { UserItem } from '@spotzcity/shared/users';
import { jsonResponse, onePage, renderRoutes, signedInProfile } from '../../test/render.tsx';
import UsersPage from './users-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const profile = (role: Role) =>
  signedInProfile(role, undefined, role === 'ROLE_BUYER_ADMIN' ? 'ACME' : 'SPOTZCITY');

const row = (
  id: number,
  name: string,
  email: string,
  status: UserItem['status'] = 'ACTIVE',
): UserItem => ({
  id,
  clientId: 'ACME',
  name,
  email,
  emailId: email,
  companyName: 'Acme',
  clientType: 'BUYER',
  role: 'ROLE_BUYER_USER',
  dateCreated: '2026-02-03T10:00:00.000Z',
  invitationPending: status === 'INVITED',
  status,
});

/** Answers the API by path; records every call. */
function serve(role: Role, handlers: Record<string, () => Response> = {}) {
  const users = [
    row(2, 'Jordan Lee', 'jordan@acme.example'),
    row(1, 'Alex Morgan', 'alex@acme.example'),
    row(5, 'Kim Ito', 'kim@acme.example', 'INVITED'),
    row(6, 'Dana Cole', 'dana@acme.example', 'DISABLED'),
  ];
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = Object.entries(handlers).find(([k]) => key.startsWith(k))?.[1];
    if (handler) return handler();
    if (key === 'GET /api/users/profile')
      return jsonResponse(200, { message: 'ok', data: profile(role) });
    if (key === 'POST /api/users/list') {
      return jsonResponse(200, onePage(users));
    }
    return jsonResponse(404, { message: 'Not Found' });
  });
}

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && url === path);

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/home/users',
        element: (
          <Suspense fallback="loading">
            <UsersPage />
          </Suspense>
        ),
      },
    ],
    '/home/users',
  );

describe('UsersPage', () => {
  it("adds a Buyer Admin's user to their own client, shows the answer and reloads from page 0", async () => {
    serve('ROLE_BUYER_ADMIN', {
      'POST /api/users/add': () =>
        jsonResponse(200, {
          message:
            'Created Successfully. An invitation to set a password has been sent to kim@acme.example.',
          data: row(3, 'Kim Ito', 'kim@acme.example'),
        }),
    });
    renderPage();
    expect(await screen.findByText('Jordan Lee', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-user'));

    const dialog = await screen.findByTestId('user-dialog');
    const clientId = within(dialog).getByTestId('user-clientId') as HTMLInputElement;
    expect(clientId.value).toBe('ACME');
    expect(clientId.readOnly).toBe(true);
    expect(within(dialog).getByText('Users you add join your own organisation.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Kim Ito' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'kim@acme.example' },
    });
    fireEvent.click(screen.getByTestId('user-save'));

    expect((await screen.findByTestId('alert-message')).textContent).toContain(
      'An invitation to set a password has been sent to kim@acme.example.',
    );
    const [add] = calls('POST', '/api/users/add');
    expect(JSON.parse(String(add![1]!.body))).toEqual({
      name: 'Kim Ito',
      email: 'kim@acme.example',
    });
    await waitFor(() => expect(calls('POST', '/api/users/list')).toHaveLength(2));
    expect(JSON.parse(String(calls('POST', '/api/users/list')[1]![1]!.body))).toEqual({
      pageNumber: 0,
    });
  });

  it('lets a Super User pick the client id, which is required', async () => {
    serve('ROLE_SUPER_USER', {
      'GET /api/super_admin/clients/all': () =>
        jsonResponse(200, { message: 'ok', data: [{ value: 'ACME', label: 'ACME' }] }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('add-user'));
    const dialog = await screen.findByTestId('user-dialog');
    await waitFor(() => expect(calls('GET', '/api/super_admin/clients/all')).toHaveLength(1));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Kim Ito' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'kim@acme.example' },
    });
    fireEvent.click(screen.getByTestId('user-save'));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(calls('POST', '/api/users/add')).toHaveLength(0);
  });

  it('deletes a user after confirmation, never offering to delete oneself', async () => {
    serve('ROLE_BUYER_ADMIN', {
      'DELETE /api/users/delete': () => jsonResponse(200, { message: 'Deleted Successfully' }),
    });
    renderPage();
    expect(await screen.findByText('Jordan Lee', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('user-delete-alex@acme.example')).toBeNull();

    // Each trash button names its user, and so does the question.
    const button = screen.getByRole('button', { name: 'Delete User "Jordan Lee"' });
    expect(button).toBe(screen.getByTestId('user-delete-jordan@acme.example'));
    fireEvent.click(button);
    expect(await screen.findByText('Delete User "Jordan Lee"?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete'));

    expect((await screen.findByTestId('alert-message')).textContent).toBe('Deleted Successfully');
    const [remove] = calls('DELETE', '/api/users/delete');
    expect(JSON.parse(String(remove![1]!.body))).toEqual({ id: 2 });
  });

  it('says in a Status column who is active, invited or disabled', async () => {
    serve('ROLE_BUYER_ADMIN');
    renderPage();
    expect(await screen.findByText('Jordan Lee', {}, { timeout: 5000 })).toBeTruthy();
    const statusOf = (name: string) => {
      const cells = screen.getByText(name).closest('tr')!.querySelectorAll('td');
      const header = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
      return cells[header.indexOf('Status')]!.textContent;
    };
    expect(statusOf('Jordan Lee')).toBe('Active');
    expect(statusOf('Kim Ito')).toBe('Invited');
    expect(statusOf('Dana Cole')).toBe('Disabled');
  });
});
