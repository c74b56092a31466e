/**
 * The home page's "Needs attention": the year's goal, certificates that carry spend and lapsed
 * or expire soon, vendors without a certain match, overdue Tier 2 primes and imports held or
 * failed — each a link to the screen that resolves it, with a check mark when nothing is due.
 */
import type { ReactNode } from 'react';
import { Card, Skeleton, Tag } from 'antd';
import {
  AimOutlined,
  ArrowRightOutlined,
  CheckCircleFilled,
  CloudUploadOutlined,
  LinkOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { percentText } from '@spotzcity/shared/charts/common';
import { formatMoney } from '@spotzcity/shared/format';
import type { GoalStatus } from '@spotzcity/shared/goals';
import { ATTENTION_LINKS, type HomeAttention } from '@spotzcity/shared/home';
import { attentionQuery } from '../api/attention.ts';

const STATUS_COLORS: Record<GoalStatus, string> = {
  ON_TRACK: 'green',
  AT_RISK: 'gold',
  OFF_TRACK: 'red',
  NO_DATA: 'default',
};

interface Item {
  key: string;
  to: string;
  icon: ReactNode;
  label: ReactNode;
  note: string;
  /** Nothing to do: shown with a check mark rather than as a task. */
  done: boolean;
}

function items(data: HomeAttention, t: TFunction): Item[] {
  const list: Item[] = [];
  const { goal, certificates, matching, tier2, imports } = data;
  const year = `FY${goal.fiscalYear}`;
  const rule = t(`home.attention.rules.${goal.countingRule}`);
  list.push(
    goal.overall
      ? {
          key: 'goal',
          to: ATTENTION_LINKS.goalDashboard(goal.fiscalYear),
          icon: <AimOutlined />,
          label: (
            <>
              {t('goals.headline', { year })}{' '}
              <Tag color={STATUS_COLORS[goal.overall.status]}>
                {t(`goals.statuses.${goal.overall.status}`)}
              </Tag>
            </>
          ),
          note: t('home.attention.goalNote', {
            share: goal.overall.share === null ? '—' : percentText(goal.overall.share),
            target: percentText(goal.overall.target),
            rule,
          }),
          done: goal.overall.status === 'ON_TRACK',
        }
      : {
          key: 'goal',
          to: ATTENTION_LINKS.goalSettings,
          icon: <AimOutlined />,
          label: t('goals.headlineNone', { year }),
          note: t('home.attention.goalNone'),
          done: false,
        },
  );
  if (certificates) {
    const due = certificates.expiring + certificates.lapsed;
    list.push({
      key: 'certificates',
      to: ATTENTION_LINKS.certificates,
      icon: <SafetyCertificateOutlined />,
      label: due
        ? t('home.attention.certificates', { count: due })
        : t('home.attention.certificatesNone'),
      note: due
        ? t('home.attention.certificatesNote', {
            expiring: certificates.expiring,
            lapsed: certificates.lapsed,
            amount: formatMoney(certificates.spend),
          })
        : t('home.attention.certificatesNoneNote'),
      done: due === 0,
    });
  }
  if (matching) {
    list.push({
      key: 'matching',
      to: ATTENTION_LINKS.matching,
      icon: <LinkOutlined />,
      label: matching.unmatchedVendors
        ? t('home.attention.matching', { count: matching.unmatchedVendors })
        : t('home.attention.matchingNone'),
      note: matching.unmatchedVendors
        ? t('home.attention.matchingNote', { amount: formatMoney(matching.unmatchedSpend) })
        : t('home.attention.matchingNoneNote', { count: matching.vendors }),
      done: matching.unmatchedVendors === 0,
    });
  }
  if (tier2.primes > 0) {
    list.push({
      key: 'tier2',
      to: ATTENTION_LINKS.tier2,
      icon: <TeamOutlined />,
      label: tier2.overduePrimes
        ? t('home.attention.tier2', { count: tier2.overduePrimes })
        : t('home.attention.tier2None'),
      note: t('home.attention.tier2Note', { count: tier2.primes }),
      done: tier2.overduePrimes === 0,
    });
  }
  const stuck = imports.held + imports.failed;
  list.push({
    key: 'imports',
    to: ATTENTION_LINKS.imports,
    icon: <CloudUploadOutlined />,
    label: stuck ? t('home.attention.imports', { count: stuck }) : t('home.attention.importsNone'),
    note: stuck
      ? t('home.attention.importsNote', { held: imports.held, failed: imports.failed })
      : t('home.attention.importsNoneNote'),
    done: stuck === 0,
  });
  return list;
}

export function Attention() {
  const { t } = useTranslation();
  const { data, isError } = useQuery(attentionQuery());
  if (isError) return null;
  const list = data ? items(data, t) : [];
  const due = list.filter((i) => !i.done).length;
  return (
    <Card
      title={t('home.attention.title')}
      extra={
        data && (
          <Tag color={due ? 'orange' : 'green'}>{t('home.attention.due', { count: due })}</Tag>
        )
      }
      className="home-card home-actions home-attention"
      data-testid="home-attention"
    >
      {!data ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (
        list.map((item) => (
          <Link
            key={item.key}
            to={item.to}
            className={`home-action${item.done ? ' home-action-done' : ''}`}
            data-testid={`attention-${item.key}`}
          >
            <span className="icon-badge home-action-icon">
              {item.done ? <CheckCircleFilled /> : item.icon}
            </span>
            <span>
              {item.label}
              <small>{item.note}</small>
            </span>
            <ArrowRightOutlined />
          </Link>
        ))
      )}
    </Card>
  );
}
