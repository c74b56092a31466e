import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isUnauthorized } from '../api/client.ts';
import { profileQueryOptions } from '../api/get-profile.ts';
import { hasToken } from '../api/token.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { useLogout } from './session.ts';

/**
 * The signed-in area: without a stored token it redirects to /login; otherwise it shows the
 * loading screen until the profile (and so the user's features) has arrived. A profile answer
 * of 'Unauthorized' has already cleared storage (see api/client.ts).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = hasToken();
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn });

  if (!signedIn) return <Navigate to="/login" replace />;
  if (profile.data) return children;
  if (profile.isError) {
    if (isUnauthorized(profile.error)) return <Navigate to="/login" replace />;
    return <LoadFailed message={profile.error.message} onRetry={() => void profile.refetch()} />;
  }
  return <LoadingScreen />;
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <div className="center-screen">
      <Result
        status="warning"
        title={t('shell.loadFailedTitle')}
        subTitle={message}
        extra={
          <Space>
            <Button type="primary" onClick={onRetry}>
              {t('shell.retry')}
            </Button>
            <Button onClick={logout}>{t('shell.logOut')}</Button>
          </Space>
        }
      />
    </div>
  );
}
