import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { AlertProvider } from '../components/alert-modal.tsx';
import { theme } from './theme.ts';

/**
 * antd's theme, locale, message/notification context and the app's alert dialog, around the
 * screens drawn with antd (the signed-in area, password recovery). Loaded with those screens, so
 * the login page does not wait for antd (router.tsx).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} locale={enUS}>
      <AntApp>
        <AlertProvider>{children}</AlertProvider>
      </AntApp>
    </ConfigProvider>
  );
}
