/**
 * The heading of a page laid out as a column (the Spend dashboards, Tier 2): the title, one
 * line under it (what the page shows or is for) and the page's actions on the right.
 *
 *   <PageHeading title="Supplier Dashboard" lead="All files" actions={<ExportBar … />} />
 */
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import css from './page-heading.module.css';

export function PageHeading({
  title,
  lead,
  actions,
}: {
  title: ReactNode;
  lead: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={css.pageHeading}>
      <div>
        <Typography.Title level={3} className={css.pageHeadingTitle}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{lead}</Typography.Text>
      </div>
      {actions}
    </div>
  );
}
