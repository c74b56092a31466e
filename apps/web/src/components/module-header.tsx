/**
 * The header of a record module ("The header shows Add, Edit or Dashboard"):
 * the module's name, which returns to its list when clicked, the current view, and the view's
 * actions on the right.
 *
 *   <ModuleHeader title="RFx" view="Add" onTitleClick={toList} actions={<Button>…</Button>} />
 */
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import './records.css';
import css from './module-header.module.css';

export interface ModuleHeaderProps {
  title: string;
  /** 'Add', 'Edit', 'Dashboard'; nothing on the list. */
  view?: string;
  subtitle?: ReactNode;
  onTitleClick?: () => void;
  actions?: ReactNode;
}

export function ModuleHeader({ title, view, subtitle, onTitleClick, actions }: ModuleHeaderProps) {
  const heading =
    onTitleClick && view ? (
      <a
        className={css.moduleHeaderTitleLink}
        role="link"
        tabIndex={0}
        onClick={onTitleClick}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onTitleClick();
        }}
        data-testid="module-header-back"
      >
        {title}
      </a>
    ) : (
      title
    );
  return (
    <header className={css.moduleHeader} data-testid="module-header">
      <div className={css.moduleHeaderTitles}>
        <div className={css.moduleHeaderCrumbs}>
          <Typography.Title level={3} className={css.moduleHeaderTitle}>
            {heading}
          </Typography.Title>
          {/* The separator wraps with the view, never left alone at a line's end (390 px). */}
          {view && (
            <span className={css.moduleHeaderTrail}>
              <span className={css.moduleHeaderSep} aria-hidden>
                /
              </span>
              <span className={css.moduleHeaderView} data-testid="module-header-view">
                {view}
              </span>
            </span>
          )}
        </div>
        {subtitle && (
          <Typography.Text type="secondary" className={css.moduleHeaderSubtitle}>
            {subtitle}
          </Typography.Text>
        )}
      </div>
      {actions && <div className={css.moduleHeaderActions}>{actions}</div>}
    </header>
  );
}
