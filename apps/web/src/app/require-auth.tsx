import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isUnauthorized } from '../api/client.ts';
import { profileQueryOptions } from '../api/get-profile.ts';
import { hasToken } from '../api/token.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import type { LoginNotice } from '../components/login-notice.ts';

// Seldom seen: its antd Result loads only when the profile could not be loaded.
const LoadFailed = lazy(() => import('./load-failed.tsx'));

/**
 * The signed-in area: without a stored token it redirects to /login, which returns to the page
 * once the user has signed in; otherwise it shows the
 * loading screen until the profile (and so the user's features) has arrived. A profile answer
 * of 'Unauthorized' has already cleared storage (see api/client.ts).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = hasToken();
  const { pathname, search, hash } = useLocation();
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn });
  // The profile's answer renders synchronously (react-query), and what it lets through is the
  // whole signed-in screen, the shell and the opened page: that render follows in an
  // interruptible one, the loading screen staying until it is done (one task of the
  // signed-in first load).
  const arrived = useDeferredValue(profile.data !== undefined);

  if (!signedIn) {
    const state: LoginNotice = { from: pathname + search + hash };
    return <Navigate to="/login" replace state={state} />;
  }
  if (profile.data && arrived) return children;
  if (profile.isError) {
    if (isUnauthorized(profile.error)) return <Navigate to="/login" replace />;
    return (
      <Suspense fallback={<LoadingScreen />}>
        <LoadFailed message={profile.error.message} onRetry={() => void profile.refetch()} />
      </Suspense>
    );
  }
  return <LoadingScreen />;
}
