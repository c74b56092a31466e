/** The expanded 'Yearly Savings' row of a case: the dollars saved in each of its years. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { savingsKey, type CostSaving } from '@spotzcity/shared/cost-savings';
import { formatMoney } from '@spotzcity/shared/format';
import css from '../cost-savings.module.css';

export function YearlySavings({ record }: { record: CostSaving }) {
  const { t } = useTranslation();
  return (
    <div className={css.yearlySavings} data-testid="yearly-savings">
      <Typography.Text strong className={css.yearlySavingsTitle}>
        {t('costSaving.yearlySavings')}
      </Typography.Text>
      <div className={css.yearlySavingsGrid}>
        {record.yearsOfContract.map((year) => (
          <div key={year} className={css.yearlySavingsItem} data-testid={`yearly-savings-${year}`}>
            <span className={css.yearlySavingsYear}>{year}</span>
            <span className={css.yearlySavingsAmount}>
              {formatMoney(record.yearlySavings[savingsKey(year)])}
            </span>
          </div>
        ))}
        <div className={`${css.yearlySavingsItem} ${css.yearlySavingsItemTotal}`}>
          <span className={css.yearlySavingsYear}>{t('costSaving.totalSavings')}</span>
          <span className={css.yearlySavingsAmount} data-testid="yearly-savings-sum">
            {formatMoney(record.totalSavings)}
          </span>
        </div>
      </div>
    </div>
  );
}
