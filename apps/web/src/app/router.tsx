import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { profileQueryOptions } from '../api/get-profile.ts';
import { hasToken } from '../api/token.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import LoginPage from '../features/auth/login-page.tsx';
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
// page most visitors see paints without a second round trip and without antd (issue #19,
// Lighthouse). The shell's menus and tiles, antd and the password recovery load with their
// routes (`npm run size` checks both first loads).
const ForgotPasswordPage = withAntd(() => import('../features/auth/forgot-password-page.tsx'));
const AppShell = withAntd(
  () => import('./shell/app-shell.tsx'),
  () => import('./require-auth.tsx'),
);

/** `/` goes home when a token is stored, otherwise to the login screen (spec 01 point 2). */
function RootRedirect() {
  return <Navigate to={hasToken() ? '/home' : '/login'} replace />;
}

/** A signed-in visitor of /login goes home; an expired token sends them back here. */
function GuestOnly({ children }: { children: ReactNode }) {
  return hasToken() ? <Navigate to="/home" replace /> : children;
}

/**
 * Without a stored token, /login at once (before the shell's chunks load). With one, the profile
 * is asked for while the shell loads; RequireAuth (inside the shell's chunk) then waits for it.
 */
function SignedInOnly({ children }: { children: ReactNode }) {
  if (!hasToken()) return <Navigate to="/login" replace />;
  void queryClient.prefetchQuery(profileQueryOptions());
  return children;
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
    element: (
      <SignedInOnly>
        <Suspense fallback={<LoadingScreen />}>
          <AppShell />
        </Suspense>
      </SignedInOnly>
    ),
  },
  { path: '*', element: <Navigate to="/home" replace /> },
]);
