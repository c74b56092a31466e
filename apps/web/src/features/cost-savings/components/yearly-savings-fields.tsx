/**
 * 'Years of Contract' and one savings input per chosen year (the year choices
 * drive which yearly-savings inputs appear). Each input is `yearlySavings.savingsFor{year}`; it is
 * not preserved, so removing a year removes its value from the form as well.
 */
import { Button, Col, Empty, Form, Row, Select, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  COST_SAVING_LIMITS,
  amount,
  costSavingFieldsSchema,
  savingsKey,
} from '@spotzcity/shared/cost-savings';
import { formatMoney } from '@spotzcity/shared/format';
import { zodRule } from '../../../components/form-rules.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { ChoiceItem } from '../../../components/choice-item.tsx';
import css from '../cost-savings.module.css';

const YEAR_SPAN = 15;
const savingRule = zodRule(amount());

/** The years offered: the current year ± 15, newest first (the spec's year picker). */
export const yearChoices = (now = new Date()) =>
  Array.from({ length: YEAR_SPAN * 2 + 1 }, (_, i) => now.getFullYear() + YEAR_SPAN - i);

const yearOfDate = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-/.test(value) ? Number(value.slice(0, 4)) : undefined;

export function YearlySavingsFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const chosen = (Form.useWatch('yearsOfContract', form) as number[] | undefined) ?? [];
  const savings = (Form.useWatch('yearlySavings', { form, preserve: true }) ?? {}) as Record<
    string,
    number | string | null | undefined
  >;
  const startYear = yearOfDate(Form.useWatch('startDate', { form, preserve: true }));
  const endYear = yearOfDate(Form.useWatch('endDate', { form, preserve: true }));
  const years = [...chosen].sort((a, b) => a - b);
  const total = years.reduce((sum, y) => sum + (Number(savings[savingsKey(y)]) || 0), 0);

  const contractSpan =
    startYear &&
    endYear &&
    endYear >= startYear &&
    endYear - startYear < COST_SAVING_LIMITS.yearsMax
      ? Array.from({ length: endYear - startYear + 1 }, (_, i) => startYear + i)
      : undefined;

  return (
    <div className="yearly-savings-fields" data-testid="yearly-savings-fields">
      <ChoiceItem
        name="yearsOfContract"
        label={t('costSaving.fields.yearsOfContract')}
        rules={[zodRule(costSavingFieldsSchema.shape.yearsOfContract)]}
        extra={t('costSaving.chooseYears')}
        normalize={(value: number[]) => [...value].sort((a, b) => a - b)}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder={t('costSaving.select')}
          options={yearChoices().map((y) => ({ value: y, label: String(y) }))}
          maxCount={COST_SAVING_LIMITS.yearsMax}
          virtual={false}
          data-testid="years-of-contract"
        />
      </ChoiceItem>
      {contractSpan && years.length === 0 && (
        <Button
          type="link"
          icon={<CalendarOutlined />}
          className={css.yearlySavingsSuggest}
          onClick={() => form.setFieldsValue({ yearsOfContract: contractSpan })}
          data-testid="use-contract-years"
        >
          {t('costSaving.useContractYears', {
            first: String(startYear),
            last: String(endYear),
          })}
        </Button>
      )}
      {years.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('costSaving.noYearsYet')}
          className={css.yearlySavingsEmpty}
        />
      ) : (
        <>
          <Row gutter={16}>
            {years.map((year) => (
              <Col key={year} xs={24} sm={12} lg={8}>
                <Form.Item
                  name={['yearlySavings', savingsKey(year)]}
                  label={t('costSaving.savingsFor', { year })}
                  required
                  preserve={false}
                  rules={[savingRule]}
                >
                  <MoneyInput data-testid={`savings-${year}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Typography.Text className={css.yearlySavingsTotal} data-testid="yearly-savings-total">
            {t('costSaving.totalSavings')}: <strong>{formatMoney(total)}</strong>
          </Typography.Text>
        </>
      )}
    </div>
  );
}
