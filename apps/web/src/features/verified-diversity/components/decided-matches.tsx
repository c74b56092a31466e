/**
 * Supplier matching's decided matches: every vendor whose match counts — people's decisions
 * (who, when, the automatic match replaced and the verified spend the decision moved), then the
 * automatic UEI, DUNS and FEIN matches — with Undo for a decision and Change for any match.
 */
import { useState } from 'react';
import { Button, Flex, Input, Popconfirm, Segmented, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, groupThousands } from '@spotzcity/shared/format';
import type { DecidedMatch } from '@spotzcity/shared/verified-diversity';
import { MATCH_RULE_LABELS } from '@spotzcity/shared/verified-words';
import { useAlert } from '../../../components/alert-modal.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { decidedKey, fetchDecided, useUndoDecision, type DecidedFilter } from '../api/matching.ts';
import { ChangeMatchDialog } from './change-match-dialog.tsx';
import css from './matching-view.module.css';

/** Dollars and cents with a sign: what a decision moved ("+$72,620.73", "-$1,200.00"). */
export function signedMoney(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}$${groupThousands(Math.trunc(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** "1 Dec 2026, 14:05" in the viewer's time: no day and month to mistake for each other. */
const WHEN = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const HOW_OPTIONS = ['ALL', 'PERSON', 'AUTOMATIC'] as const;

export function DecidedMatches({
  filter,
  onFilter,
  canDecide,
  narrow,
  narrowWidth,
}: {
  filter: DecidedFilter;
  onFilter: (filter: DecidedFilter) => void;
  canDecide: boolean;
  narrow: boolean;
  narrowWidth: number;
}) {
  const { t } = useTranslation();
  const alert = useAlert();
  const undo = useUndoDecision();
  const [changing, setChanging] = useState<DecidedMatch>();
  const [typed, setTyped] = useState(filter.q ?? '');

  const matchOf = (v: DecidedMatch) =>
    v.supplierId === null ? (
      <Tag data-testid="decided-none">{t('verified.noneOfThese')}</Tag>
    ) : (
      <span>
        {v.supplierName}
        <Typography.Text type="secondary"> · DUNS {v.supplierDuns}</Typography.Text>
      </span>
    );
  const howOf = (v: DecidedMatch) =>
    v.how === 'AUTOMATIC' ? (
      <Tag color="blue">{t('verified.automaticRule', { rule: MATCH_RULE_LABELS[v.rule] })}</Tag>
    ) : (
      <>
        <Tag color="gold">{t('verified.decidedByPerson')}</Tag>
        {v.replacedRule && v.replacedRule !== 'NONE' && (
          <Typography.Text type="secondary">
            {t('verified.replaced', { rule: MATCH_RULE_LABELS[v.replacedRule] })}
          </Typography.Text>
        )}
      </>
    );
  const whoOf = (v: DecidedMatch) =>
    v.how === 'AUTOMATIC'
      ? ''
      : v.decidedBy && v.decidedAt
        ? t('verified.decidedBy', { name: v.decidedBy, when: WHEN.format(new Date(v.decidedAt)) })
        : t('verified.decidedByUnknown');
  const verifiedOf = (v: DecidedMatch) => (
    <span data-testid="decided-verified">
      {formatMoney(v.verifiedSpend)}
      {v.verifiedMoved !== null && (
        <Typography.Text type="secondary" data-testid="decided-moved">
          {' '}
          · {t('verified.moved', { amount: signedMoney(v.verifiedMoved) })}
        </Typography.Text>
      )}
    </span>
  );
  const actions = (v: DecidedMatch) =>
    canDecide && (
      <Flex gap={8} wrap>
        {v.how === 'PERSON' && (
          <Popconfirm
            title={t('verified.undoTitle')}
            description={<div className={css.confirmText}>{t('verified.undoText')}</div>}
            okText={t('verified.undo')}
            cancelText={t('verified.cancel')}
            onConfirm={() =>
              undo.mutateAsync(v.supplierKey).then(
                (reply) => alert.showSuccess(reply.message),
                (error: Error) => alert.showError(error.message),
              )
            }
          >
            <Button size="small" data-testid="undo-decision">
              {t('verified.undo')}
            </Button>
          </Popconfirm>
        )}
        <Button size="small" onClick={() => setChanging(v)} data-testid="change-match">
          {t('verified.change')}
        </Button>
      </Flex>
    );

  return (
    <>
      <Flex gap={12} wrap align="center" className={css.decidedFilters}>
        <Segmented
          value={filter.how ?? 'ALL'}
          onChange={(how) =>
            onFilter({ ...filter, how: how === 'ALL' ? undefined : (how as DecidedFilter['how']) })
          }
          options={HOW_OPTIONS.map((how) => ({
            value: how,
            label: t(
              how === 'ALL'
                ? 'verified.decidedAll'
                : how === 'PERSON'
                  ? 'verified.decidedByPerson'
                  : 'verified.decidedAutomatic',
            ),
          }))}
          data-testid="decided-how"
        />
        <Input.Search
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(q) => onFilter({ ...filter, q: q.trim() || undefined })}
          placeholder={t('verified.findDecided')}
          maxLength={100}
          style={{ maxWidth: 320 }}
          data-testid="decided-search"
        />
      </Flex>
      <InfiniteTable<DecidedMatch>
        queryKey={decidedKey(filter)}
        fetchPage={fetchDecided(filter)}
        rowKey="supplierKey"
        height={560}
        emptyText={t('verified.noneDecided')}
        data-testid="decided-table"
        scrollX={narrow ? narrowWidth : undefined}
        columns={
          narrow
            ? [
                {
                  title: t('verified.vendor'),
                  key: 'vendor',
                  width: narrowWidth,
                  render: (_: unknown, v) => (
                    <div className={css.compact} data-testid="decided-row">
                      <Flex justify="space-between" gap={8}>
                        <Typography.Text strong ellipsis>
                          {v.vendorName}
                        </Typography.Text>
                        <span>{formatMoney(v.spend)}</span>
                      </Flex>
                      <Typography.Text ellipsis>{matchOf(v)}</Typography.Text>
                      <div className={css.how}>{howOf(v)}</div>
                      {v.how === 'PERSON' && (
                        <Typography.Text type="secondary">{whoOf(v)}</Typography.Text>
                      )}
                      <div>
                        <Typography.Text type="secondary">
                          {t('verified.verifiedSpend')}:{' '}
                        </Typography.Text>
                        {verifiedOf(v)}
                      </div>
                      {actions(v)}
                    </div>
                  ),
                },
              ]
            : [
                {
                  title: t('verified.vendor'),
                  dataIndex: 'vendorName',
                  width: 190,
                  render: (name: string, v) => (
                    <div data-testid="decided-row">
                      <Typography.Text strong>{name}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary">
                        {t('verified.rows', { count: v.rowCount })} · {formatMoney(v.spend)}
                      </Typography.Text>
                    </div>
                  ),
                },
                {
                  title: t('verified.match'),
                  key: 'match',
                  width: 210,
                  render: (_: unknown, v) => matchOf(v),
                },
                {
                  title: t('verified.how'),
                  key: 'how',
                  width: 170,
                  render: (_: unknown, v) => <div className={css.how}>{howOf(v)}</div>,
                },
                {
                  title: t('verified.decidedWhen'),
                  key: 'when',
                  width: 160,
                  render: (_: unknown, v) => <span data-testid="decided-by">{whoOf(v)}</span>,
                },
                {
                  title: t('verified.verifiedSpend'),
                  key: 'verified',
                  width: 170,
                  align: 'right',
                  render: (_: unknown, v) => verifiedOf(v),
                },
                ...(canDecide
                  ? [
                      {
                        title: '',
                        key: 'actions',
                        width: 140,
                        render: (_: unknown, v: DecidedMatch) => actions(v),
                      },
                    ]
                  : []),
              ]
        }
      />
      {changing && <ChangeMatchDialog vendor={changing} onClose={() => setChanging(undefined)} />}
    </>
  );
}
