/**
 * The drawer of a drill-down (./drill-down.tsx): the figure's name and rule, the total, the
 * suppliers largest first with why each counts, a supplier's payments on expanding its row, and
 * "Export to Excel" (the server writes the same list, with every payment, as a workbook).
 */
import { Alert, Drawer, Grid, Table, Tag, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import {
  DRILL_REASON_LABELS,
  dayInWords,
  type DrillDown,
  type DrillPayment,
  type DrillSupplier,
} from '@spotzcity/shared/drill-down';
import type { Envelope } from '@spotzcity/shared/api';
import { MATCH_RULE_LABELS } from '@spotzcity/shared/verified-words';
import { api, download } from '../api/client.ts';
import { sharedKeys } from '../api/query-keys.ts';
import { DownloadButton } from './download-button.tsx';
import type { DrillTarget } from './drill-down.tsx';
import css from './drill-down.module.css';

/** Read under the spend graphs' key: whatever refreshes the figures refreshes their drill-down. */
const drillQuery = (target: DrillTarget, supplierKey?: string) => ({
  queryKey: sharedKeys.spendGraphs.graph(
    'drillDown',
    target.path,
    target.body,
    supplierKey ?? null,
  ),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api
      .post<Envelope<DrillDown>>(
        target.path,
        { ...target.body, ...(supplierKey ? { supplierKey } : {}) },
        { signal },
      )
      .then((r) => r.data),
});

function Payments({
  target,
  supplierKey,
  narrow,
}: {
  target: DrillTarget;
  supplierKey: string;
  /** A phone: the date, the amount and what it counts for; the rest on wider screens. */
  narrow: boolean;
}) {
  const { t } = useTranslation();
  const query = useQuery(drillQuery(target, supplierKey));
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  const payments = query.data?.payments ?? [];
  const count = query.data?.paymentCount ?? 0;
  return (
    <>
      <Table<DrillPayment>
        size="small"
        rowKey={(p) => `${p.fileName}:${p.lineNumber}`}
        loading={query.isPending}
        dataSource={payments}
        pagination={payments.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={narrow ? undefined : { x: 640 }}
        data-testid="drill-down-payments"
        columns={[
          {
            title: t('drillDown.paymentDate'),
            dataIndex: 'paymentDate',
            render: (d: string) => dayInWords(d),
          },
          {
            title: t('drillDown.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (v: number) => formatMoney(v),
          },
          { title: t('drillDown.category'), dataIndex: 'category', responsive: ['md'] },
          { title: t('drillDown.countsFor'), dataIndex: 'countsFor' },
          {
            title: t('drillDown.file'),
            key: 'file',
            responsive: ['md'],
            render: (_: unknown, p) => `${p.fileName} · ${t('drillDown.line')} ${p.lineNumber}`,
          },
        ]}
      />
      {count > payments.length && (
        <Typography.Text type="secondary">
          {t('drillDown.morePayments', { shown: payments.length, count })}
        </Typography.Text>
      )}
    </>
  );
}

export function DrillDownDrawer({
  target,
  open,
  onClose,
}: {
  target: DrillTarget;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery(drillQuery(target));
  const d = query.data;
  // On a phone the reasons go under the supplier's name, beside its spend: no sideways scrolling.
  const narrow = !Grid.useBreakpoint().md;
  const reasons = (s: DrillSupplier) => (
    <ul className={css.reasons}>
      {s.reasons.map((r) => (
        <li key={`${r.kind}:${r.text}`}>
          <Tag>{DRILL_REASON_LABELS[r.kind]}</Tag>
          {r.text}
        </li>
      ))}
    </ul>
  );
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="min(960px, 100vw)"
      title={d?.title ?? ' '}
      destroyOnHidden={false}
      data-testid="drill-down"
      extra={
        <DownloadButton
          icon={<FileExcelOutlined />}
          disabled={!d}
          data-testid="drill-down-excel"
          onDownload={() => download(target.excelPath, { excel: true, spendData: target.body })}
        >
          {t('drillDown.exportExcel')}
        </DownloadButton>
      }
    >
      {query.isError ? (
        <Alert type="error" showIcon title={query.error.message} />
      ) : (
        <>
          {d && (
            <div className={css.summary}>
              <Typography.Text type="secondary" data-testid="drill-down-rule">
                {d.rule}
              </Typography.Text>
              <Typography.Text strong data-testid="drill-down-total">
                {t('drillDown.total', {
                  amount: formatMoney(d.figure),
                  count: d.supplierCount,
                })}
              </Typography.Text>
            </div>
          )}
          <Table<DrillSupplier>
            size="small"
            rowKey="supplierKey"
            loading={query.isPending}
            dataSource={d?.suppliers ?? []}
            pagination={
              (d?.suppliers.length ?? 0) > 50 ? { pageSize: 50, showSizeChanger: false } : false
            }
            locale={{ emptyText: t('drillDown.noSuppliers') }}
            scroll={narrow ? undefined : { x: 720 }}
            data-testid="drill-down-suppliers"
            expandable={{
              expandedRowRender: (s) => (
                <Payments target={target} supplierKey={s.supplierKey} narrow={narrow} />
              ),
            }}
            columns={[
              {
                title: t('drillDown.supplier'),
                key: 'supplier',
                width: narrow ? undefined : 220,
                render: (_: unknown, s) => (
                  <div className={css.supplier}>
                    <Typography.Text strong>{s.supplierName ?? s.vendorName}</Typography.Text>
                    {s.supplierName !== null && s.supplierName !== s.vendorName && (
                      <Typography.Text type="secondary">
                        {t('drillDown.vendorInFile', { name: s.vendorName })}
                      </Typography.Text>
                    )}
                    <Typography.Text type="secondary">
                      {s.matchRule
                        ? `${t('verified.matchedBy')}: ${MATCH_RULE_LABELS[s.matchRule]}`
                        : t('drillDown.notMatched')}
                    </Typography.Text>
                    {narrow && reasons(s)}
                  </div>
                ),
              },
              {
                title: t('drillDown.why'),
                key: 'why',
                responsive: ['md'],
                render: (_: unknown, s) => reasons(s),
              },
              {
                title: t('drillDown.payments'),
                dataIndex: 'payments',
                align: 'right',
                width: 90,
                responsive: ['md'],
                render: (n: number | null) => n ?? '—',
              },
              {
                title: t('drillDown.spend'),
                dataIndex: 'spend',
                align: 'right',
                width: 120,
                render: (v: number) => formatMoney(v),
              },
            ]}
          />
          {d && d.others.suppliers > 0 && (
            <Typography.Paragraph type="secondary">
              {t('drillDown.others', {
                count: d.others.suppliers,
                amount: formatMoney(d.others.spend),
              })}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Drawer>
  );
}
