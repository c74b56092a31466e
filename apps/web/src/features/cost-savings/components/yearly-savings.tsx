/** The expanded 'Yearly Savings' row of a case: the dollars saved in each of its years. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { savingsKey, type CostSaving } from '@spotzcity/shared/cost-savings';
import { formatMoney } from '@spotzcity/shared/format';

export function YearlySavings({ record }: { record: CostSaving }) {
  const { t } = useTranslation();
  return (
    <div className="yearly-savings" data-testid="yearly-savings">
      <Typography.Text strong className="yearly-savings-title">
        {t('costSaving.yearlySavings')}
      </Typography.Text>
      <div className="yearly-savings-grid">
        {record.yearsOfContract.map((year) => (
          <div key={year} className="yearly-savings-item" data-testid={`yearly-savings-${year}`}>
            <span className="yearly-savings-year">{year}</span>
            <span className="yearly-savings-amount">
              {formatMoney(record.yearlySavings[savingsKey(year)])}
            </span>
          </div>
        ))}
        <div className="yearly-savings-item yearly-savings-item-total">
          <span className="yearly-savings-year">{t('costSaving.totalSavings')}</span>
          <span className="yearly-savings-amount" data-testid="yearly-savings-sum">
            {formatMoney(record.totalSavings)}
          </span>
        </div>
      </div>
    </div>
  );
}
