/** The spend home's line about the current year's headline goal. */
import { Card, Tag, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { percentText } from '@spotzcity/shared/charts/common';
import { formatMoney } from '@spotzcity/shared/format';
import type { GoalStatus } from '@spotzcity/shared/goals';
import { goalHeadlineQuery } from '../api/goal-headline.ts';
import css from '../supplier-spend.module.css';

const COLORS: Record<GoalStatus, string> = {
  ON_TRACK: 'green',
  AT_RISK: 'gold',
  OFF_TRACK: 'red',
  NO_DATA: 'default',
};

export function GoalHeadline() {
  const { t } = useTranslation();
  const { data } = useQuery(goalHeadlineQuery());
  if (!data) return null;
  const o = data.overall;
  const year = `FY${data.fiscalYear}`;
  return (
    <Card size="small" className={css.goalHeadline} data-testid="goal-headline">
      <div className={css.goalHeadlineBody}>
        <AimOutlined className={css.goalHeadlineIcon} />
        <div className={css.goalHeadlineText}>
          <Typography.Text strong>{t('goals.headline', { year })}</Typography.Text>{' '}
          {o ? (
            <>
              <Tag color={COLORS[o.status]}>{t(`goals.statuses.${o.status}`)}</Tag>
              <div>
                {t('goals.headlineOf', {
                  share: o.share === null ? '—' : percentText(o.share),
                  target: percentText(o.target),
                })}
                {o.stillNeeded > 0 && (
                  <>
                    {' · '}
                    {t('goals.headlineNeeded', { amount: formatMoney(o.stillNeeded) })}
                  </>
                )}
              </div>
            </>
          ) : (
            <Typography.Text type="secondary">{t('goals.headlineNone', { year })}</Typography.Text>
          )}
        </div>
        <div className={css.goalHeadlineLinks}>
          <Link
            to={`/home/supplierSpend/report/goals?year=${data.fiscalYear}`}
            data-testid="headline-dashboard"
          >
            {t('goals.dashboard')}
          </Link>
          <Link to="/home/supplierSpend/goals" data-testid="headline-settings">
            {t('goals.open')}
          </Link>
        </div>
      </div>
    </Card>
  );
}
