import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs } from 'react-router';
import { profileQueryOptions } from '../api/get-profile.ts';
import { hasToken } from '../api/token.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import LoginPage from '../features/auth/login-page.tsx';
import { loadReportData } from '../features/spend-dashboards/route-data.ts';
import { REPORT_HOME } from '../features/spend-dashboards/paths.ts';
import { queryClient } from './query-client.ts';

/**
 * A lazily loaded screen drawn with antd: the screen's chunk and antd's providers (with antd
 * itself) load together, and the screen renders inside them. `guard` wraps it inside the
 * providers (the signed-in area's RequireAuth draws its failure with antd).
 */
function withAntd(
  screen: () => Promise<{ default: ComponentType }>,
  guard?: () => Promise<{ RequireAuth: ComponentType<{ children: ReactNode }> }>,
) {
  return lazy(async () => {
    const [{ default: Screen }, { AntdProviders }, auth] = await Promise.all([
      screen(),
      import('./antd-providers.tsx'),
      guard?.(),
    ]);
    const Guard = auth?.RequireAuth;
    return {
      default: () => (
        <AntdProviders>
          {Guard ? (
            <Guard>
              <Screen />
            </Guard>
          ) : (
            <Screen />
          )}
        </AntdProviders>
      ),
    };
  });
}

// The login page is plain HTML and CSS, a few kilobytes: it comes with the entry, so the first
// page most visitors see paints without a second round trip and without antd. The shell's menus and tiles, antd and the password recovery load with their
// routes (`npm run size` checks both first loads).
const ForgotPasswordPage = withAntd(() => import('../features/auth/forgot-password-page.tsx'));
const AppShell = withAntd(
  () => import('./shell/app-shell.tsx'),
  () => import('./require-auth.tsx'),
);

/** `/` goes home when a token is stored, otherwise to the login screen. */
function RootRedirect() {
  return <Navigate to={hasToken() ? '/home' : '/login'} replace />;
}

/** A signed-in visitor of /login goes home; an expired token sends them back here. */
function GuestOnly({ children }: { children: ReactNode }) {
  return hasToken() ? <Navigate to="/home" replace /> : children;
}

/**
 * The loaders of the signed-in area's routes whose first screen waits for data, by the module's
 * path (the pages' own routes are theirs, app/modules.tsx). Kept here, in the entry, so that the
 * data is asked for at navigation, beside the page's code rather than after it; the module
 * registry stays with the shell, out of the sign-in page's load.
 */
const ROUTE_LOADERS: Record<string, (client: typeof queryClient, url: URL) => void> = {
  [REPORT_HOME]: loadReportData,
};

/**
 * A /home address asks, when navigated to, for what its first screen shows: the profile (the
 * shell's guard waits for it) and its route's data, beside the shell's and the page's code, which
 * the server named in the HTML (apps/server/src/platform/web.ts). Without a stored token, /login
 * at once.
 */
function homeLoader({ request }: LoaderFunctionArgs) {
  if (!hasToken()) return redirect('/login');
  const url = new URL(request.url);
  void queryClient.prefetchQuery(profileQueryOptions());
  for (const [path, load] of Object.entries(ROUTE_LOADERS)) {
    if (url.pathname === path || url.pathname.startsWith(`${path}/`)) load(queryClient, url);
  }
  return null;
}

export const router = createBrowserRouter([
  { path: '/', element: <RootRedirect /> },
  {
    path: '/login',
    element: (
      <GuestOnly>
        <LoginPage />
      </GuestOnly>
    ),
  },
  {
    path: '/forgot-password',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <ForgotPasswordPage />
      </Suspense>
    ),
  },
  {
    path: '/home/*',
    loader: homeLoader,
    // A search parameter's change (a dashboard's rule or base) is not a new first screen.
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <AppShell />
      </Suspense>
    ),
  },
  { path: '*', element: <Navigate to="/home" replace /> },
]);
