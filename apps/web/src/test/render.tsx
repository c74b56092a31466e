/** Renders a screen with the app's providers, a fresh query cache and an in-memory router. */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import type { Paged, UserProfile } from '@spotzcity/shared/api';
import {
  DEFAULT_ROLE_PERMISSIONS,
  deriveFeatures,
  type Permission,
  type Role,
} from '@spotzcity/shared/permissions';
import { AlertProvider } from '../components/alert-modal.tsx';
import { i18n } from '../i18n/i18n.ts';

/** `initialPath`: a path, or a location with router state (what a navigate() hands over). */
export function renderRoutes(
  routes: RouteObject[],
  initialPath: string | { pathname: string; state?: unknown },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider>
          <AlertProvider>
            <RouterProvider router={router} />
          </AlertProvider>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

export const page = (text: string): ReactElement => <div>{text}</div>;

/** A paged list's reply that holds every row in its first page. */
export const onePage = <T,>(rows: T[], pageSize = 20): Paged<T> => ({
  message: 'Fetched List Successfully',
  data: rows,
  totalCount: rows.length,
  pageNumber: 0,
  pageSize,
  length: rows.length,
});

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The signed-in user's profile as `/api/users/me` answers it: a role's permissions, or others. */
export function signedInProfile(
  role: Role,
  permissions: readonly Permission[] = DEFAULT_ROLE_PERMISSIONS[role],
  clientId = 'ACME',
): UserProfile {
  return {
    id: 1,
    clientId,
    name: 'Alex Morgan',
    email: 'alex@acme.example',
    companyName: 'Acme',
    clientType:
      role === 'ROLE_SUPPLIER'
        ? 'SUPPLIER'
        : role.startsWith('ROLE_SUPER')
          ? 'SUPER_ADMIN'
          : 'BUYER',
    createdDate: '2026-01-01T00:00:00.000Z',
    role,
    profilePicUrl: null,
    gender: null,
    dateOfBirth: null,
    phone: null,
    permissions: [...permissions],
    features: deriveFeatures([...permissions]),
  };
}

/**
 * A fetch stand-in answering each API path (without its query string) with `{message, data}`
 * from `routes`; a path it does not know fails the test with a 404.
 */
export function fetchByPath(routes: Record<string, unknown>) {
  return async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    if (!(path in routes)) return jsonResponse(404, { message: `No answer for ${path}` });
    const data = routes[path];
    const body =
      data && typeof data === 'object' && 'totalCount' in data
        ? data
        : { message: 'Fetched Successfully', data };
    return jsonResponse(200, body);
  };
}
