/** The Tier 2 pages' heading: title, one line saying what the page is for, and an action. */
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import css from '../tier2.module.css';

export function Tier2Header({
  title,
  lead,
  action,
}: {
  title: string;
  lead: string;
  action?: ReactNode;
}) {
  return (
    <div className={css.tier2Header}>
      <div>
        <Typography.Title level={3} className={css.tier2Title}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{lead}</Typography.Text>
      </div>
      {action}
    </div>
  );
}
