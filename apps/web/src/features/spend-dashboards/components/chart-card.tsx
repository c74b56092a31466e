import type { ReactNode } from 'react';
import { Alert, Card, Empty, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** A dashboard panel: its title, then a skeleton, the error, 'No Records Found' or the content. */
export function ChartCard<T>({
  title,
  query,
  isEmpty,
  children,
  extra,
  testId,
}: {
  title: ReactNode;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError) body = <Alert type="error" showIcon title={query.error.message} />;
  else if (isEmpty(query.data))
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spendDashboards.noData')} />;
  else body = children(query.data);
  return (
    <Card title={title} size="small" extra={extra} className="dashboard-card" data-testid={testId}>
      {body}
    </Card>
  );
}
