import { Button, Divider } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { useLogout } from '../session.ts';
import { HelpPopover } from './help-popover.tsx';

interface TopBarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** The top bar's frame is a plain header (app/styles.css); its controls are antd's. */
export function TopBar({ collapsed, onToggle }: TopBarProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <header className="app-header">
      <div className="app-header-start">
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={t('shell.toggleSidebar')}
          aria-expanded={!collapsed}
          data-testid="sidebar-toggle"
          className="top-bar-icon"
        />
        <Link to="/home" className="app-header-logo" aria-label={t('shell.home')}>
          <Logo height={32} />
        </Link>
      </div>
      <div className="app-header-end">
        <HelpPopover />
        <Divider orientation="vertical" />
        <Button icon={<LogoutOutlined />} onClick={logout} data-testid="logout-button">
          {t('shell.logOut')}
        </Button>
      </div>
    </header>
  );
}
