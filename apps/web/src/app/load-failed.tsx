import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from './session.ts';

/** The signed-in area when the profile could not be loaded: try again, or log out. */
export default function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
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
