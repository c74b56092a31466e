import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../components/use-media-query.ts';
import { HomeRoutes } from '../home-routes.tsx';
import { preloadModulePage } from '../module-pages.ts';
import { allowedModules } from '../modules.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

// The page of the address being opened starts loading as soon as the shell's chunk is here, beside
// the shell's first render, not after it (issue #19: the signed-in first load). The entry does
// not do it earlier: pages reachable from the entry would split the shell's chunk in pieces.
preloadModulePage(window.location.pathname);

/** Top bar, sidebar, the /home routes and the footer. */
export default function AppShell() {
  const { t } = useTranslation();
  const { features, clientType, permissions } = useCurrentUser();
  const mobile = useMediaQuery(MOBILE_QUERY);
  // On phones the sidebar is an overlay that starts closed; elsewhere it starts open.
  const [collapsedChoice, setCollapsedChoice] = useState<boolean | null>(null);
  const collapsed = collapsedChoice ?? mobile;
  const closeOnMobile = () => {
    if (mobile) setCollapsedChoice(true);
  };

  // Plain elements with antd Layout's styles (app/styles.css): antd's Layout was code to evaluate
  // on every signed-in first load for a few boxes (issue #19).
  return (
    <div className="app-layout">
      <TopBar collapsed={collapsed} onToggle={() => setCollapsedChoice(!collapsed)} />
      <div className="app-body">
        <Sidebar
          collapsed={collapsed}
          mobile={mobile}
          modules={allowedModules(features, undefined, clientType, permissions)}
          onNavigate={closeOnMobile}
        />
        {mobile && !collapsed && (
          <div className="app-sider-backdrop" onClick={closeOnMobile} aria-hidden />
        )}
        <div className="app-main">
          <main className="app-content">
            <HomeRoutes />
          </main>
          <footer className="app-footer" data-testid="footer">
            {t('app.copyright')}
          </footer>
        </div>
      </div>
    </div>
  );
}
