import { useState } from 'react';
import type { MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AfterFirstScreen, lazyPart } from '../../components/after-first-screen.tsx';
import type { AppModule } from '../modules.tsx';

// The menu's code (antd's Menu) is a chunk of its own, asked for once the first screen has painted.
const SidebarMenu = lazyPart(() => import('./sidebar-menu.tsx').then((m) => m.SidebarMenu));

interface SidebarProps {
  collapsed: boolean;
  mobile: boolean;
  modules: AppModule[];
  onNavigate: () => void;
}

const HOME = '/home';
/** The sidebar's width open, and closed on a larger screen (a phone's closes to nothing). */
const WIDTH = 264;
const COLLAPSED_WIDTH = 80;

/** The menu key of the current location: the longest item path the URL starts with. */
function selectedKey(pathname: string, paths: string[]): string | undefined {
  if (pathname === HOME || pathname === `${HOME}/`) return HOME;
  return paths
    .filter((p) => p !== HOME && (pathname === p || pathname.startsWith(`${p}/`)))
    .sort((a, b) => b.length - a.length)[0];
}

export function Sidebar({ collapsed, mobile, modules, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  const entries = [
    { key: HOME, icon: <HomeOutlined />, label: t('shell.home'), testId: 'nav-home' },
    ...modules
      .filter((m) => m.sidebar)
      .map((m) => ({ key: m.path, icon: m.icon, label: t(m.labelKey), testId: `nav-${m.key}` })),
  ];
  const items: MenuProps['items'] = entries.map((e) => ({
    key: e.key,
    icon: e.icon,
    label: (
      <Link to={e.key} data-testid={e.testId} onClick={onNavigate}>
        {e.label}
      </Link>
    ),
  }));
  const selected = selectedKey(
    pathname,
    entries.map((e) => e.key),
  );
  // A phone's sidebar starts closed (no width): its menu is made when it is first opened, and
  // stays for the closing slide and the next opening.
  const closed = mobile && collapsed;
  const [opened, setOpened] = useState(!closed);
  if (!closed && !opened) setOpened(true);

  return (
    <aside
      className={`app-sider${mobile ? ' app-sider-mobile' : ''}`}
      style={{ width: collapsed ? (mobile ? 0 : COLLAPSED_WIDTH) : WIDTH }}
      data-testid="sidebar"
      data-collapsed={collapsed}
    >
      <nav aria-label={t('shell.navigation')} className="app-sider-inner">
        {/* After the page's first screen has painted (components/after-first-screen.tsx): the
            menu is the largest part of the shell, and the page is what was opened; its code
            too (./sidebar-menu.tsx). */}
        {opened && (
          <AfterFirstScreen load={SidebarMenu.load}>
            <SidebarMenu collapsed={collapsed} items={items} selected={selected} />
          </AfterFirstScreen>
        )}
      </nav>
    </aside>
  );
}
