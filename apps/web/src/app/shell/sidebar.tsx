import { useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppModule } from '../modules.tsx';
import { ProfileBlock } from './profile-block.tsx';

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
        {opened && (
          <>
            <ProfileBlock collapsed={collapsed} />
            <Menu
              theme="dark"
              mode="inline"
              // The sidebar is a plain element, not antd's Sider that told its menu.
              inlineCollapsed={collapsed}
              items={items}
              selectedKeys={selected ? [selected] : []}
              className="app-menu"
            />
          </>
        )}
      </nav>
    </aside>
  );
}
