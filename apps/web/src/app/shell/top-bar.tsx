import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import button from '../../components/plain-button.module.css';
import { useLogout } from '../session.ts';
import { HelpPopover } from './help-popover.tsx';

interface TopBarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/**
 * Plain buttons with antd's looks (components/plain-button.module.css): the top bar is on every
 * signed-in first screen, and antd's Button, Divider and Popover were a third of the shell's
 * code to evaluate before anything was drawn (issue #19).
 */
export function TopBar({ collapsed, onToggle }: TopBarProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <header className="app-header">
      <div className="app-header-start">
        <button
          type="button"
          onClick={onToggle}
          aria-label={t('shell.toggleSidebar')}
          aria-expanded={!collapsed}
          data-testid="sidebar-toggle"
          className={`${button.button} ${button.iconOnly}`}
        >
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </button>
        <Link to="/home" className="app-header-logo" aria-label={t('shell.home')}>
          <Logo height={32} />
        </Link>
      </div>
      <div className="app-header-end">
        <HelpPopover />
        <span className="app-header-divider" role="separator" aria-orientation="vertical" />
        <button
          type="button"
          onClick={logout}
          data-testid="logout-button"
          className={`${button.button} ${button.outlined}`}
        >
          <LogoutOutlined />
          <span>{t('shell.logOut')}</span>
        </button>
      </div>
    </header>
  );
}
