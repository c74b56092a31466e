import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../components/use-media-query.ts';
import { HomeRoutes } from '../home-routes.tsx';
import { allowedModules } from '../modules.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

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

  // The frame is plain elements (app/styles.css): the only layout of its kind in the app, and
  // antd's Layout would add code for a few boxes; everything inside it is antd's.
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
