/** A titled card around a chart or table of a dashboard, with an optional subtitle and note. */
import type { ReactNode } from 'react';
import { Card } from 'antd';
import styles from './chart-card.module.css';

export interface ChartCardProps {
  title: string;
  subtitle?: ReactNode;
  note?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

export function ChartCard({
  title,
  subtitle,
  note,
  extra,
  children,
  className,
  'data-testid': testId,
}: ChartCardProps) {
  return (
    <Card
      className={className ? `${styles.card} ${className}` : styles.card}
      size="small"
      title={
        <span>
          {title}
          {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
        </span>
      }
      extra={extra}
      data-testid={testId}
    >
      {children}
      {note && <div className={styles.note}>{note}</div>}
    </Card>
  );
}
