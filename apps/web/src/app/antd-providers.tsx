import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { AlertProvider } from '../components/alert-modal.tsx';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../components/use-media-query.ts';
import { theme } from './theme.ts';

/**
 * antd's theme and locale and the app's alert dialog, around the screens drawn with antd (the
 * signed-in area, password recovery). Loaded with those screens, so the login page does not wait
 * for antd (router.tsx). No antd `App`: nothing uses its message, notification or modal hooks,
 * and it brought their code to every signed-in first load.
 *
 * A user who asks the system for reduced motion gets antd without it: dialogs, lists and popovers
 * appear and leave at once, as the app's own animations already stop (styles.css). The browser
 * suite asks for it too (e2e/browser.ts), so a click never lands on something still moving.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const themeOfUser = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider theme={themeOfUser} locale={enUS}>
      <AlertProvider>{children}</AlertProvider>
    </ConfigProvider>
  );
}
