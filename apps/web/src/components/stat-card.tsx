/** One headline figure of a dashboard: a label, the value and a line of context. */
import type { CSSProperties, ReactNode } from 'react';
import './records.css';
import css from './stat-card.module.css';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

export function StatCard({
  label,
  value,
  detail,
  icon,
  className,
  'data-testid': testId,
}: StatCardProps) {
  return (
    <div className={className ? `${css.statCard} ${className}` : css.statCard} data-testid={testId}>
      <div className={css.statCardLabel}>
        {icon && <span className={css.statCardIcon}>{icon}</span>}
        {label}
      </div>
      <div
        className={css.statCardValue}
        style={
          typeof value === 'string' || typeof value === 'number'
            ? ({ '--stat-card-chars': String(value).length } as CSSProperties)
            : undefined
        }
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {value}
      </div>
      {detail && <div className={css.statCardDetail}>{detail}</div>}
    </div>
  );
}
