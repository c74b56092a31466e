/** A titled card around a chart or table of a dashboard, with an optional subtitle and note. */
import type { ReactNode } from 'react';
import { Card } from 'antd';
import './records.css';

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
      className={`chart-card${className ? ` ${className}` : ''}`}
      size="small"
      title={
        <span>
          {title}
          {subtitle && <span className="chart-card-subtitle">{subtitle}</span>}
        </span>
      }
      extra={extra}
      data-testid={testId}
    >
      {children}
      {note && <div className="chart-card-note">{note}</div>}
    </Card>
  );
}
