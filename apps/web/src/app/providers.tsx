import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';
import { queryClient } from './query-client.ts';

/**
 * What every page needs: translations and the query cache. No antd here: the login page paints
 * without it (Lighthouse); the screens drawn with antd get `AntdProviders`
 * (./antd-providers.tsx) with their own lazy chunk (see router.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
