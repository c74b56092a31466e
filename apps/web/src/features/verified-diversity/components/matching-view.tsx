/**
 * Supplier matching, two tabs (`?view=decided` for the second, its filter in `how` and `q`):
 * - To decide: vendors of the organisation's spend without a certain match to the directory,
 *   largest spend first, each with the reason of its current match and up to three similar
 *   directory suppliers. Confirming or assigning ties every row of the vendor, in every file and
 *   in later ones; 'None of these' takes it off the list.
 * - Decided: every match that counts, with Undo and Change (./decided-matches.tsx).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Flex, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import { type VendorMatch } from '@spotzcity/shared/verified-diversity';
import { CERTAIN_MATCH_SCORE, MATCH_RULE_LABELS } from '@spotzcity/shared/verified-words';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { useAlert } from '../../../components/alert-modal.tsx';
import { InfiniteTable, useReloadList } from '../../../components/infinite-table.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../components/use-media-query.ts';
import { verifiedKeys } from '../api/certificates.ts';
import { fetchVendorsToMatch, useAssignVendor, type DecidedFilter } from '../api/matching.ts';
import { DecidedMatches } from './decided-matches.tsx';
import css from './matching-view.module.css';
import { SpendViewHeader } from './spend-view-header.tsx';

/** The one column of the phone layout: the table's card less its padding at 390 px. */
const NARROW_WIDTH = 320;

export function MatchingView() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const alert = useAlert();
  const reload = useReloadList();
  const assign = useAssignVendor();
  const canAssign = user.permissions.includes('UPLOAD_SUPPLIER_SPEND_FILE');
  const narrow = useMediaQuery(PHONE_QUERY);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [params, setParams] = useSearchParams();
  const decidedView = params.get('view') === 'decided';
  const how = params.get('how');
  const filter: DecidedFilter = {
    how: how === 'PERSON' || how === 'AUTOMATIC' ? how : undefined,
    q: params.get('q') || undefined,
  };
  const show = (view: 'open' | 'decided', next: DecidedFilter = {}) =>
    setParams(
      view === 'open'
        ? {}
        : {
            view,
            ...(next.how ? { how: next.how } : {}),
            ...(next.q ? { q: next.q } : {}),
          },
      { replace: true },
    );
  const decide = (vendor: VendorMatch, supplierId: number | null) =>
    assign.mutate(
      { supplierKey: vendor.supplierKey, supplierId },
      {
        onSuccess: (reply) => {
          alert.showSuccess(reply.message);
          reload(verifiedKeys.matching, { keepLoadedPages: true });
        },
        onError: (error) => alert.showError(error.message),
      },
    );
  /**
   * The current match: its rule, the supplier and whether it counts (one line when compact). In
   * words, not the rule's score: a number here read as contradicting the suggestions' name
   * similarity beside it ('score 80' next to '100% similar' for the same supplier).
   */
  const reason = (v: VendorMatch, compact: boolean) => {
    const uncertain = v.rule !== 'NONE' && v.score < CERTAIN_MATCH_SCORE;
    return compact ? (
      <Typography.Text type="secondary" data-testid="match-reason" ellipsis>
        {[
          t('verified.rows', { count: v.rowCount }),
          MATCH_RULE_LABELS[v.rule],
          ...(uncertain ? [t('verified.uncertainShort')] : []),
        ].join(' · ')}
      </Typography.Text>
    ) : (
      <div data-testid="match-reason">
        <Tag>{MATCH_RULE_LABELS[v.rule]}</Tag>
        {v.supplierName && <div>{v.supplierName}</div>}
        {uncertain && <Typography.Text type="secondary">{t('verified.uncertain')}</Typography.Text>}
      </div>
    );
  };

  /**
   * The suggestions with their buttons. Compact (phones): one line each, the name cut short,
   * the first one only until 'more' is pressed, so a row stays a few lines high.
   */
  const suggestions = (v: VendorMatch, compact: boolean) => {
    const open = !compact || expanded.has(v.supplierKey);
    const shown = open ? v.suggestions : v.suggestions.slice(0, 1);
    return (
      <Space direction="vertical" size={compact ? 2 : 4} style={{ width: '100%' }}>
        {v.suggestions.length === 0 && (
          <Typography.Text type="secondary">{t('verified.noSuggestion')}</Typography.Text>
        )}
        {shown.map((s) => (
          <Flex key={s.supplierId} justify="space-between" gap={8} align="center">
            {compact ? (
              <Typography.Text ellipsis title={`${s.name} · DUNS ${s.duns}`}>
                {s.name}{' '}
                <Typography.Text type="secondary">
                  {t('verified.similarity', { percent: Math.round(s.similarity * 100) })}
                </Typography.Text>
              </Typography.Text>
            ) : (
              <span>
                {s.name}
                <Typography.Text type="secondary">
                  {' '}
                  · {[s.city, s.state].filter(Boolean).join(', ')} · DUNS {s.duns} ·{' '}
                  {t('verified.similarity', { percent: Math.round(s.similarity * 100) })}
                </Typography.Text>
              </span>
            )}
            {canAssign && (
              <Button
                size="small"
                type={s.supplierId === v.supplierId ? 'primary' : 'default'}
                loading={assign.isPending}
                onClick={() => decide(v, s.supplierId)}
                data-testid="assign-supplier"
              >
                {s.supplierId === v.supplierId ? t('verified.confirm') : t('verified.assign')}
              </Button>
            )}
          </Flex>
        ))}
        <Flex gap={12} wrap>
          {!open && v.suggestions.length > 1 && (
            <Button
              size="small"
              type="link"
              style={{ padding: 0 }}
              onClick={() => setExpanded((keys) => new Set(keys).add(v.supplierKey))}
            >
              {t('verified.moreSuggestions', { count: v.suggestions.length - 1 })}
            </Button>
          )}
          {canAssign && (
            <Button
              size="small"
              type="link"
              style={compact ? { padding: 0 } : undefined}
              onClick={() => decide(v, null)}
            >
              {t('verified.noneOfThese')}
            </Button>
          )}
        </Flex>
      </Space>
    );
  };

  return (
    <div className="page" data-testid="matching-view">
      <SpendViewHeader
        view={t('verified.matching')}
        subtitle={t(decidedView ? 'verified.decidedSubtitle' : 'verified.matchingSubtitle')}
      />
      <Tabs
        activeKey={decidedView ? 'decided' : 'open'}
        onChange={(key) => show(key as 'open' | 'decided')}
        items={[
          { key: 'open', label: t('verified.toDecide') },
          { key: 'decided', label: t('verified.decided') },
        ]}
        data-testid="matching-tabs"
      />
      {decidedView ? (
        <DecidedMatches
          filter={filter}
          onFilter={(next) => show('decided', next)}
          canDecide={canAssign}
          narrow={narrow}
          narrowWidth={NARROW_WIDTH}
        />
      ) : (
        <InfiniteTable<VendorMatch>
          queryKey={verifiedKeys.matching}
          fetchPage={fetchVendorsToMatch}
          rowKey="supplierKey"
          height={560}
          emptyText={t('verified.allMatched')}
          data-testid="matching-table"
          scrollX={narrow ? NARROW_WIDTH : undefined}
          columns={
            narrow
              ? [
                  {
                    title: t('verified.vendor'),
                    key: 'vendor',
                    width: NARROW_WIDTH,
                    render: (_: unknown, v) => (
                      <div className={css.compact}>
                        <Flex justify="space-between" gap={8}>
                          <Typography.Text strong ellipsis>
                            {v.vendorName}
                          </Typography.Text>
                          <span>{formatMoney(v.spend)}</span>
                        </Flex>
                        {reason(v, true)}
                        {suggestions(v, true)}
                      </div>
                    ),
                  },
                ]
              : [
                  {
                    title: t('verified.vendor'),
                    dataIndex: 'vendorName',
                    width: 220,
                    render: (name: string, v) => (
                      <div>
                        <Typography.Text strong>{name}</Typography.Text>
                        <br />
                        <Typography.Text type="secondary">
                          {t('verified.rows', { count: v.rowCount })}
                        </Typography.Text>
                      </div>
                    ),
                  },
                  {
                    title: t('verified.spend'),
                    dataIndex: 'spend',
                    width: 130,
                    align: 'right',
                    render: (spend: number) => formatMoney(spend),
                  },
                  {
                    title: t('verified.reason'),
                    dataIndex: 'rule',
                    width: 200,
                    render: (_: unknown, v) => reason(v, false),
                  },
                  {
                    title: t('verified.suggestions'),
                    key: 'suggestions',
                    width: 380,
                    render: (_: unknown, v) => suggestions(v, false),
                  },
                ]
          }
        />
      )}
    </div>
  );
}
