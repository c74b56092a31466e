import { useState } from 'react';
import { Layout } from 'antd';
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

  return (
    <Layout className="app-layout">
      <TopBar collapsed={collapsed} onToggle={() => setCollapsedChoice(!collapsed)} />
      <Layout hasSider className="app-body">
        <Sidebar
          collapsed={collapsed}
          mobile={mobile}
          modules={allowedModules(features, undefined, clientType, permissions)}
          onNavigate={closeOnMobile}
        />
        {mobile && !collapsed && (
          <div className="app-sider-backdrop" onClick={closeOnMobile} aria-hidden />
        )}
        <Layout className="app-main">
          <Layout.Content className="app-content">
            <HomeRoutes />
          </Layout.Content>
          <Layout.Footer className="app-footer" data-testid="footer">
            {t('app.copyright')}
          </Layout.Footer>
        </Layout>
      </Layout>
    </Layout>
  );
}
