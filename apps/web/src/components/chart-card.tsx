/**
 * A titled card around a chart or table of a dashboard, with an optional subtitle and note.
 *
 * Given its query, the card shows the query's states itself: a skeleton while it loads, the
 * error, 'No Records Found' when `isEmpty` says so, and otherwise `children(data)`:
 *
 *   <ChartCard title="By State" query={byState} isEmpty={(d) => d.length === 0}>
 *     {(rows) => <StateMap rows={rows} />}
 *   </ChartCard>
 *
 * Without a query, `children` is the content and `loading` shows antd's skeleton.
 */
import type { ReactNode } from 'react';
import { Alert, Card, Empty, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styles from './chart-card.module.css';

interface ChartCardFrame {
  title: ReactNode;
  subtitle?: ReactNode;
  note?: ReactNode;
  extra?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

interface StaticChartCardProps extends ChartCardFrame {
  children: ReactNode;
  loading?: boolean;
  query?: never;
}

interface QueryChartCardProps<T> extends ChartCardFrame {
  query: UseQueryResult<T>;
  /** True when the data has nothing to show ('No Records Found'); never empty by default. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

export type ChartCardProps<T = unknown> = StaticChartCardProps | QueryChartCardProps<T>;

function QueryStates<T>({ query, isEmpty, children }: QueryChartCardProps<T>) {
  const { t } = useTranslation();
  const data = query.data;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  if (data === undefined) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isEmpty?.(data))
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noRecords')} />;
  return children(data);
}

export function ChartCard<T>(props: ChartCardProps<T>) {
  const { title, subtitle, note, extra, className, 'data-testid': testId } = props;
  return (
    <Card
      className={className ? `${styles.card} ${className}` : styles.card}
      size="small"
      loading={props.query ? undefined : props.loading}
      title={
        <span>
          {title}
          {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
        </span>
      }
      extra={extra}
      data-testid={testId}
    >
      {props.query ? <QueryStates {...props} /> : props.children}
      {note && <div className={styles.note}>{note}</div>}
    </Card>
  );
}
