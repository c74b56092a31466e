/**
 * The counting rule of the Spend Dashboard (issue #21): 'As reported in the file' or 'Verified'
 * (the organisation's default first). The headline diverse spend follows the chosen rule; both
 * figures stand side by side for the diverse total and each type, with the rule's wording, and
 * the verified figure opens onto the suppliers, match rules and certificates behind it.
 */
import { Alert, Card, Collapse, Segmented, Skeleton, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { diversityLabel } from '@spotzcity/shared/diversity';
import { formatMoney } from '@spotzcity/shared/format';
import {
  COUNTING_RULES,
  COUNTING_RULE_LABELS,
  COUNTING_RULE_TEXT,
  MATCH_RULE_LABELS,
  type CountingRule,
} from '@spotzcity/shared/verified-diversity';
import type { SpendBase } from '@spotzcity/shared/spend-dashboards';
import { CountingNote } from '../../../components/counting-note.tsx';
import { useCountingRule } from './use-counting-rule.ts';
import {
  verifiedFiguresQuery,
  verifiedSuppliersQuery,
  type VerifiedSupplier,
} from '../api/verified.ts';
import { SpendBaseLine } from './spend-base.tsx';
import { useShownData } from '../../../components/use-shown-data.ts';
import css from '../spend-dashboards.module.css';

const percentOf = (part: number, whole: number) =>
  whole > 0 ? `${((100 * part) / whole).toFixed(2)}%` : '0.00%';

function DrillDown({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const suppliers = useQuery(verifiedSuppliersQuery(fileIds));
  // A failed request says so: an empty table would read as "no verified supplier".
  if (suppliers.isError) return <Alert type="error" showIcon title={suppliers.error.message} />;
  return (
    <Table<VerifiedSupplier>
      size="small"
      rowKey="supplierKey"
      loading={suppliers.isPending}
      dataSource={suppliers.data ?? []}
      pagination={false}
      scroll={{ x: 760, y: 420 }}
      data-testid="verified-drilldown"
      columns={[
        {
          title: t('verified.supplier'),
          dataIndex: 'supplierName',
          render: (name: string, s) => (name === s.vendorName ? name : `${name} (${s.vendorName})`),
        },
        {
          title: t('verified.matchedBy'),
          dataIndex: 'matchRule',
          render: (rule: VerifiedSupplier['matchRule']) => MATCH_RULE_LABELS[rule],
        },
        {
          title: t('verified.certificates'),
          key: 'certificates',
          render: (_: unknown, s) =>
            s.certificates.map((c) => (
              <Tag key={c.id} color={c.fromDirectory ? 'blue' : undefined}>
                {`${diversityLabel(c.diversityType)} · ${c.agency}${c.certificateNumber ? ` ${c.certificateNumber}` : ''} · ${c.issueDate} – ${c.expiryDate}${c.fromDirectory ? ` (${t('verified.fromDirectory')})` : ''}`}
              </Tag>
            )),
        },
        {
          title: t('verified.reportedSpend'),
          dataIndex: 'reportedSpend',
          align: 'right',
          render: (v: number) => formatMoney(v),
        },
        {
          title: t('verified.verifiedSpend'),
          dataIndex: 'verifiedSpend',
          align: 'right',
          render: (v: number) => formatMoney(v),
        },
      ]}
    />
  );
}

export function CountingRuleCard({
  fileIds,
  base = 'all',
}: {
  fileIds: number[];
  /** The base of the headline's percentage (issue #22); the amounts stay all spend. */
  base?: SpendBase;
}) {
  const { t } = useTranslation();
  const figures = useQuery(verifiedFiguresQuery(fileIds, base));
  const [rule, setChosen] = useCountingRule();
  // Drawn in an interruptible render (components/use-shown-data.ts).
  const f = useShownData(figures);
  const rows = f
    ? [
        {
          key: 'diverse',
          label: t('verified.diverseSpend'),
          reported: f.reportedDiverse,
          verified: f.verifiedDiverse,
        },
        ...f.perType
          .filter((p) => p.reported > 0 || p.verified > 0)
          .map((p) => ({ key: p.type, label: diversityLabel(p.type), ...p })),
      ]
    : [];
  const headline = f ? (rule === 'VERIFIED' ? f.verifiedDiverse : f.reportedDiverse) : 0;
  // The share: of all spend, or of addressable spend counting its addressable part only.
  const share =
    f?.addressable && base === 'addressable'
      ? percentOf(
          rule === 'VERIFIED' ? f.addressable.verifiedDiverse : f.addressable.reportedDiverse,
          f.addressable.totalSpend,
        )
      : f
        ? percentOf(headline, f.totalSpend)
        : '';
  return (
    <Card
      size="small"
      className={css.dashboardCard}
      title={t('verified.countingRule')}
      data-testid="counting-rule"
      extra={
        <Segmented<CountingRule>
          value={rule}
          onChange={setChosen}
          options={COUNTING_RULES.map((r) => ({ value: r, label: COUNTING_RULE_LABELS[r] }))}
          data-testid="counting-rule-switch"
        />
      }
    >
      {/* The rule's words are there from the first paint; its figures join them when they
          arrive, in the same elements (issue #19: the reader starts reading while the figures
          load, and the card does not jump). */}
      <div className={css.countingHeadline} data-testid={f ? 'counting-summary' : undefined}>
        <Typography.Text type="secondary">
          {`${t('verified.diverseSpend')} · ${COUNTING_RULE_LABELS[rule]}`}
        </Typography.Text>
        <Typography.Title
          level={3}
          style={{ margin: 0 }}
          data-testid={f ? 'counting-headline' : undefined}
        >
          {f ? formatMoney(headline) : <Skeleton.Input active size="small" />}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid={f ? 'counting-share' : undefined}>
          {f ? `${share} · ` : null}
          {COUNTING_RULE_TEXT[rule]}
        </Typography.Text>
        {f && <SpendBaseLine base={base} testId="spend-base-headline" />}
      </div>
      {!f ? (
        // About the height of the table, the note and the drill-down that replace it.
        <Skeleton active title={false} paragraph={{ rows: 9 }} className={css.countingPending} />
      ) : (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            data-testid="counting-table"
            columns={[
              { title: t('verified.perType'), dataIndex: 'label' },
              {
                title: t('verified.reported'),
                dataIndex: 'reported',
                align: 'right',
                className: rule === 'REPORTED' ? css.countingChosen : undefined,
                render: (v: number) => formatMoney(v),
              },
              {
                title: t('verified.verifiedColumn'),
                dataIndex: 'verified',
                align: 'right',
                className: rule === 'VERIFIED' ? css.countingChosen : undefined,
                render: (v: number) => formatMoney(v),
              },
            ]}
          />
          <CountingNote />
          <Collapse
            ghost
            size="small"
            items={[
              {
                key: 'drill',
                label: t('verified.drillDown'),
                children: <DrillDown fileIds={fileIds} />,
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
