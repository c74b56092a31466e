import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { hasToken } from '../api/token.ts';
import ForgotPasswordPage from '../features/auth/forgot-password-page.tsx';
import LoginPage from '../features/auth/login-page.tsx';
import { RequireAuth } from './require-auth.tsx';
import { AppShell } from './shell/app-shell.tsx';

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
        <LoginPage />
      </GuestOnly>
    ),
  },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  {
    path: '/home/*',
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
  },
  { path: '*', element: <Navigate to="/home" replace /> },
]);
