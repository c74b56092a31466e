import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { AlertProvider } from '../components/alert-modal.tsx';
import { theme } from './theme.ts';

/**
 * antd's theme and locale and the app's alert dialog, around the screens drawn with antd (the
 * signed-in area, password recovery). Loaded with those screens, so the login page does not wait
 * for antd (router.tsx). No antd `App`: nothing uses its message, notification or modal hooks,
 * and it brought their code to every signed-in first load.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} locale={enUS}>
      <AlertProvider>{children}</AlertProvider>
    </ConfigProvider>
  );
}
