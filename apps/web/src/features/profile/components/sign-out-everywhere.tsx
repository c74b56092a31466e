import { Button, Popconfirm } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearSession } from '../../../api/token.ts';
import type { LoginNotice } from '../../../components/login-notice.ts';
import { useSignOutEverywhere } from '../api/sign-out-everywhere.ts';

/**
 * "Sign out of all devices": for a lost laptop or a shared computer. Every token of the account
 * stops working on the server, this browser's too, so it goes to the sign-in page.
 */
export function SignOutEverywhere() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOutEverywhere();

  const confirm = () =>
    signOut.mutateAsync().then((reply) => {
      clearSession();
      const state: LoginNotice = { notice: reply.message };
      void Promise.resolve(navigate('/login', { replace: true, state })).then(() =>
        queryClient.clear(),
      );
    });

  return (
    <Popconfirm
      title={t('profile.signOutEverywhereConfirm')}
      okText={t('profile.signOutEverywhereOk')}
      okButtonProps={{ danger: true, id: 'sign-out-everywhere-confirm' }}
      onConfirm={confirm}
    >
      <Button
        icon={<LogoutOutlined />}
        loading={signOut.isPending}
        data-testid="sign-out-everywhere"
      >
        {t('profile.signOutEverywhere')}
      </Button>
    </Popconfirm>
  );
}
