import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from './api/client.ts';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { RotateScreen } from './components/rotate-screen.tsx';
import type { LoginNotice } from './components/login-notice.ts';
import { i18n } from './i18n/i18n.ts';
// antd's tokens of app/theme.ts as --ant-* variables, for the app's own stylesheets (build/antd-tokens.ts).
import 'virtual:antd-tokens.css';
import './app/theme.css';
import './app/styles.css';

// A 401 has already cleared storage (api/client.ts): open /login without reloading the page,
// saying why (the server's reason, such as an organisation disabled while signed in, else that the
// session ended) and remembering the page to return to, then drop the previous session's answers.
setUnauthorizedHandler((reason) => {
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/login') return;
  const state: LoginNotice = {
    notice: reason ?? i18n.t('auth.sessionEnded'),
    tone: 'warning',
    from: pathname + search + hash,
  };
  void router.navigate('/login', { replace: true, state }).then(() => queryClient.clear());
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition: React renders the first screen in slices that let the browser paint and answer
// in between, where a plain render is one task (the signed-in first load renders the shell and a
// dashboard's cards).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <div className="app-root">
          <RouterProvider router={router} />
        </div>
        <RotateScreen />
      </Providers>
    </StrictMode>,
  );
});
