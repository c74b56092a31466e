/**
 * The scaffold of an administration list (Clients, Users, Audit log): title and subtitle with the
 * page's actions on the right, then the infinite table in its card, then the page's dialogs.
 * Test ids: `${name}-page` and `${name}-table`.
 */
import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { InfiniteTable, type InfiniteTableProps } from './infinite-table.tsx';

export interface AdminListPageProps<Row extends object> {
  name: string;
  title: string;
  subtitle: string;
  actions?: ReactNode;
  queryKey: InfiniteTableProps<Row>['queryKey'];
  fetchPage: InfiniteTableProps<Row>['fetchPage'];
  columns: InfiniteTableProps<Row>['columns'];
  rowKey: InfiniteTableProps<Row>['rowKey'];
  /** Dialogs the page opens. */
  children?: ReactNode;
}

export function AdminListPage<Row extends object>({
  name,
  title,
  subtitle,
  actions,
  queryKey,
  fetchPage,
  columns,
  rowKey,
  children,
}: AdminListPageProps<Row>) {
  return (
    <div className="page admin-page" data-testid={`${name}-page`}>
      <Flex
        component="header"
        className="page-header"
        justify="space-between"
        align="end"
        wrap
        gap={16}
      >
        <div>
          <Typography.Title level={3} className="page-title">
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        {actions}
      </Flex>
      <div className="admin-table-card">
        <InfiniteTable<Row>
          queryKey={queryKey}
          fetchPage={fetchPage}
          columns={columns}
          rowKey={rowKey}
          data-testid={`${name}-table`}
        />
      </div>
      {children}
    </div>
  );
}
