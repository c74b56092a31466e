/**
 * The infinite-scroll list every module uses: page 0 first, the next page when
 * the scroll reaches 20 px from the end, stopping when the loaded rows reach `totalCount`;
 * 'Loading ...' while a page is on its way and 'No Records Found' when the list is empty.
 *
 *   <InfiniteTable
 *     queryKey={['clients']}
 *     fetchPage={(pageNumber, signal) => api.post('/api/super_admin/clients', { pageNumber }, { signal })}
 *     columns={columns}
 *     rowKey="id"
 *   />
 *
 * After an add or update call `useReloadList()(queryKey)`: the list restarts at page 0,
 * replacing what was loaded. After a delete pass `{ keepLoadedPages: true }`: the loaded pages are
 * fetched again from page 0 and a page the deletion emptied is dropped.
 */
import { useCallback, useEffect, useMemo, useRef, type Key, type UIEvent } from 'react';
import { Alert, Table, Typography, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useInfiniteQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@spotzcity/shared/api';
import type { SortOrder } from '@spotzcity/shared/enums';
import { registerPrintPreparation } from './print.ts';

/** Distance from the end of the list, in pixels, at which the next page is requested. */
export const SCROLL_THRESHOLD_PX = 20;

/** The least width a column without its own width gets before the table scrolls sideways. */
export const FLEXIBLE_COLUMN_PX = 80;
/** Width of the selection or expand column antd adds. */
const CONTROL_COLUMN_PX = 48;

/** The width the columns need: their own widths, FLEXIBLE_COLUMN_PX for each one without. */
export function columnsWidth(columns: readonly { width?: unknown }[], controlColumns = 0): number {
  return columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : FLEXIBLE_COLUMN_PX),
    controlColumns * CONTROL_COLUMN_PX,
  );
}

export interface ServerSort {
  /** The column's `key` (or dataIndex) that was sorted. */
  field: string;
  order: SortOrder;
}

export interface InfiniteTableProps<Row extends object> {
  queryKey: QueryKey;
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<Paged<Row>>;
  columns: NonNullable<TableProps<Row>['columns']>;
  rowKey: keyof Row | ((row: Row) => Key);
  /** Height of the scrolling area in pixels (default 520). */
  height?: number;
  expandable?: TableProps<Row>['expandable'];
  onRowClick?: (row: Row) => void;
  /** Called when a sortable column header is clicked; the caller puts the sort in queryKey. */
  onSortChange?: (sort: ServerSort | undefined) => void;
  /** Shown instead of 'No Records Found'. */
  emptyText?: string;
  /**
   * Shown under the rows when a later page ends the list (e.g. 'No More Results To Show'); never
   * under a first page that holds the whole list.
   */
  endText?: string;
  size?: TableProps<Row>['size'];
  /** Told the list's total once it is known (e.g. to disable a download when it is empty). */
  onTotalChange?: (total: number) => void;
  /** Checkboxes (or radios) per row; the caller keeps the selected keys. */
  rowSelection?: TableProps<Row>['rowSelection'];
  /**
   * Width the columns need; wider than the area scrolls sideways. Defaults to the columns' own
   * widths plus FLEXIBLE_COLUMN_PX for each column without one, so a narrow window scrolls the
   * table instead of squeezing those columns to nothing (the sticky header fixes the layout).
   */
  scrollX?: number | string;
  'data-testid'?: string;
}

export function InfiniteTable<Row extends object>({
  queryKey,
  fetchPage,
  columns,
  rowKey,
  height = 520,
  expandable,
  onRowClick,
  onSortChange,
  emptyText,
  endText,
  size = 'middle',
  onTotalChange,
  rowSelection,
  scrollX,
  'data-testid': testId = 'infinite-table',
}: InfiniteTableProps<Row>) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);

  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.pageNumber + 1 : undefined;
    },
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, error } = query;

  const rows = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);

  // Print loads the remaining pages first, so that a printed list holds every row.
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  });
  useEffect(
    () =>
      registerPrintPreparation(async () => {
        let result = latest.current;
        while (result.hasNextPage) result = await result.fetchNextPage();
      }),
    [],
  );
  const total = data?.pages.at(-1)?.totalCount ?? 0;
  const loaded = data !== undefined;
  // The end of the list is announced only once the user has paged past the first page and no
  // page follows: a later page came back empty, or the one that came completed the total (the
  // next would be empty). A list that fits its first page says nothing more than its rows.
  const reachedLaterEnd = !hasNextPage && (data?.pages.length ?? 0) > 1 && rows.length > 0;

  useEffect(() => {
    if (loaded) onTotalChange?.(total);
  }, [loaded, total, onTotalChange]);

  const loadMoreIfNear = useCallback(
    (element: HTMLElement) => {
      const remaining = element.scrollHeight - element.scrollTop - element.clientHeight;
      if (remaining <= SCROLL_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) {
        void fetchNextPage();
      }
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  // When the loaded rows do not fill the area there is nothing to scroll: keep loading.
  useEffect(() => {
    if (scroller.current) loadMoreIfNear(scroller.current);
  }, [rows.length, loadMoreIfNear]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => loadMoreIfNear(event.currentTarget);

  const onChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter) => {
    if (!onSortChange) return;
    const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    if (!single?.order) return onSortChange(undefined);
    const field = String(single.columnKey ?? single.field ?? '');
    onSortChange({ field, order: single.order === 'ascend' ? 'ASC' : 'DESC' });
    scroller.current?.scrollTo({ top: 0 });
  };

  if (error) {
    return <Alert type="error" showIcon title={error.message} data-testid={`${testId}-error`} />;
  }

  return (
    <div className="infinite-table" data-testid={testId}>
      <div
        ref={scroller}
        className="infinite-table-scroll"
        // Keyboard users scroll the list too (and reach the rows that load as it scrolls).
        tabIndex={0}
        style={{ maxHeight: height, overflowY: 'auto' }}
        onScroll={onScroll}
        data-testid={`${testId}-scroll`}
      >
        <Table<Row>
          columns={columns}
          dataSource={rows}
          rowKey={rowKey as TableProps<Row>['rowKey']}
          pagination={false}
          loading={isPending}
          size={size}
          expandable={expandable}
          rowSelection={rowSelection}
          scroll={{
            x: scrollX ?? columnsWidth(columns, (rowSelection ? 1 : 0) + (expandable ? 1 : 0)),
          }}
          onChange={onChange}
          sticky={{ getContainer: () => scroller.current ?? window }}
          locale={{
            emptyText: isPending ? t('common.loading') : (emptyText ?? t('common.noRecords')),
          }}
          onRow={
            onRowClick
              ? (row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } })
              : undefined
          }
        />
        {isFetchingNextPage && (
          <Typography.Paragraph className="infinite-table-status" data-testid={`${testId}-loading`}>
            {t('common.loading')}
          </Typography.Paragraph>
        )}
        {reachedLaterEnd && endText && (
          <Typography.Paragraph
            className="infinite-table-status"
            type="secondary"
            data-testid={`${testId}-end`}
          >
            {endText}
          </Typography.Paragraph>
        )}
      </div>
      {rows.length > 0 && (
        <Typography.Text
          type="secondary"
          className="infinite-table-count"
          data-testid={`${testId}-count`}
        >
          {t('common.loadedOf', {
            loaded: rows.length.toLocaleString('en-US'),
            total: total.toLocaleString('en-US'),
          })}
        </Typography.Text>
      )}
    </div>
  );
}

export interface ReloadOptions {
  /**
   * Refetch every loaded page, starting again at page 0, instead of page 0 alone (use it after a
   * delete): the rows stay where the user scrolled, and a page the deletion emptied is not asked
   * for again, so the list steps back a page.
   */
  keepLoadedPages?: boolean;
}

/**
 * Reloads a list after an add, update or delete: by default it restarts at page 0, replacing the
 * loaded rows; with `keepLoadedPages` it refetches the loaded pages from page 0.
 */
export function useReloadList() {
  const queryClient = useQueryClient();
  return useCallback(
    (queryKey: QueryKey, options: ReloadOptions = {}) =>
      options.keepLoadedPages
        ? queryClient.refetchQueries({ queryKey })
        : queryClient.resetQueries({ queryKey }),
    [queryClient],
  );
}
