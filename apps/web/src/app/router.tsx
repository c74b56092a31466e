import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { hasToken } from '../api/token.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { RequireAuth } from './require-auth.tsx';

// Each screen loads with its route: the login page does not wait for the shell's menus and
// tiles, and a signed-in user's first page does not wait for the login form and its validation
// (issue #19, the weight budget; `npm run size` checks both).
const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page.tsx'));
const AppShell = lazy(() => import('./shell/app-shell.tsx'));

/** `/` goes home when a token is stored, otherwise to the login screen (spec 01 point 2). */
function RootRedirect() {
  return <Navigate to={hasToken() ? '/home' : '/login'} replace />;
}

/** A signed-in visitor of /login goes home; an expired token sends them back here. */
function GuestOnly({ children }: { children: ReactNode }) {
  return hasToken() ? <Navigate to="/home" replace /> : children;
}

export const router = createBrowserRouter([
  { path: '/', element: <RootRedirect /> },
  {
    path: '/login',
    element: (
      <GuestOnly>
        <Suspense fallback={<LoadingScreen />}>
          <LoginPage />
        </Suspense>
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
      <RequireAuth>
        <Suspense fallback={<LoadingScreen />}>
          <AppShell />
        </Suspense>
      </RequireAuth>
    ),
  },
  { path: '*', element: <Navigate to="/home" replace /> },
]);
