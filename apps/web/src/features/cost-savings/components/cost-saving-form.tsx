/**
 * 'Add Data' / 'Edit Data' (spec 02 points 2, 4, 5): every rule comes from the shared schema; the
 * years of contract drive one savings input per year. After the result alert, OK returns to the
 * list on success and stays on the form on error.
 */
import { Card, Col, Form, Input, Row, Select } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COST_SAVING_LIMITS,
  PROCUREMENT_TYPES,
  SUPPLIER_STATUSES,
  costSavingFieldsSchema,
  isCalendarDate,
  type CostSaving,
} from '@spotzcity/shared/cost-savings';
import { ETHNICITY_CATEGORIES } from '@spotzcity/shared/enums';
import { MESSAGES } from '@spotzcity/shared/validation';
import { ApiError } from '../../../api/client.ts';
import { useAlert } from '../../../components/alert-modal.tsx';
import { DiversitySelect } from '../../../components/diversity.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import { DateItem } from '../../../components/record-form.tsx';
import { fieldPath, useRevalidateInvalid, zodRule } from '../../../components/form-rules.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import type { RecordFormViewProps } from '../../../components/record-module-routes.tsx';
import { SuggestInput } from '../../../components/suggest-input.tsx';
import { ChoiceItem } from '../../../components/choice-item.tsx';
import { useSaveCostSaving } from '../api/save-cost-saving.ts';
import { YearlySavingsFields } from './yearly-savings-fields.tsx';
import css from '../cost-savings.module.css';

const rules = costSavingFieldsSchema.shape;

/** Categories sourcing teams use most; any other text is accepted too. */
const CATEGORY_SUGGESTIONS = [
  'IT Services',
  'IT Hardware',
  'Software & SaaS',
  'Facilities Management',
  'Janitorial Services',
  'Professional Services',
  'Marketing & Advertising',
  'Freight & Logistics',
  'Raw Materials',
  'MRO Supplies',
  'Office Supplies',
  'Packaging',
  'Construction',
  'Staffing',
  'Telecommunications',
  'Travel',
];

const endNotBeforeStart: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const start: unknown = getFieldValue('startDate');
    if (isCalendarDate(start) && isCalendarDate(value) && start > value) {
      throw new Error(MESSAGES.invalidDate);
    }
  },
});

/** The four amounts of the contract section, in the spec's order, with their test ids. */
const MONEY_FIELDS = [
  ['currentContractAmount', 'current-contract-amount'],
  ['currentSpendPerItem', 'current-spend-per-item'],
  ['newlyQuotedCotractAmount', 'newly-quoted-contract-amount'],
  ['newlyQuotedAmountPerTime', 'newly-quoted-amount-per-time'],
] as const satisfies readonly (readonly [keyof typeof rules, string])[];

type FormValues = Record<string, unknown>;

/** `record`: the case being edited; a new case when absent. */
export function CostSavingForm({ record, toList }: RecordFormViewProps<CostSaving>) {
  const { t } = useTranslation();
  const alert = useAlert();
  const [form] = Form.useForm<FormValues>();
  const revalidate = useRevalidateInvalid(form);
  const save = useSaveCostSaving();
  const editing = record !== undefined;

  const submit = (values: FormValues) => {
    save.mutate(
      {
        ...values,
        offset: new Date().getTimezoneOffset(),
        ...(editing ? { id: record.id } : {}),
      },
      {
        onSuccess: (reply) => alert.showSuccess(reply.message, toList),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors.length) {
            form.setFields(
              error.fieldErrors.map((e) => ({
                name: fieldPath(e.field) as never,
                errors: [e.message],
              })),
            );
          }
          alert.showError(error.message);
        },
      },
    );
  };

  const money = (name: keyof typeof rules, testId: string) => (
    <Form.Item
      name={name}
      label={t(`costSaving.fields.${name}` as 'costSaving.fields.currentContractAmount')}
      required
      rules={[zodRule(rules[name])]}
    >
      <MoneyInput data-testid={testId} />
    </Form.Item>
  );

  const text = (name: keyof typeof rules, testId: string) => (
    <Form.Item
      name={name}
      label={t(`costSaving.fields.${name}` as 'costSaving.fields.winnerVandorName')}
      required
      rules={[zodRule(rules[name])]}
    >
      <Input data-testid={testId} />
    </Form.Item>
  );

  /** A required single choice: validated on change too, as a select has no typing to blur. */
  const choice = (name: keyof typeof rules, values: readonly string[], testId: string) => (
    <ChoiceItem
      name={name}
      label={t(`costSaving.fields.${name}` as 'costSaving.fields.precurementDirOrIndir')}
      rules={[zodRule(rules[name])]}
    >
      <Select
        placeholder={t('costSaving.select')}
        options={values.map((value) => ({ value, label: value }))}
        data-testid={testId}
      />
    </ChoiceItem>
  );

  return (
    <Form
      form={form}
      name="cost-saving"
      layout="vertical"
      validateTrigger="onBlur"
      onValuesChange={revalidate}
      onFinish={submit}
      onFinishFailed={({ errorFields }) => {
        const first = errorFields[0]?.name;
        if (first) form.scrollToField(first, { block: 'center' });
      }}
      disabled={save.isPending}
      initialValues={record ?? { yearsOfContract: [], vendorDiversityCategory: [] }}
      className={css.costSavingForm}
      data-testid="cost-saving-form"
    >
      <Card title={t('costSaving.sections.opportunity')} size="small" className={css.formSection}>
        <Row gutter={20}>
          <Col xs={24} md={12}>
            {text('rfxOrOpportunityName', 'rfx-or-opportunity-name')}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="businessCategory"
              label={t('costSaving.fields.businessCategory')}
              required
              rules={[zodRule(rules.businessCategory)]}
            >
              <SuggestInput suggestions={CATEGORY_SUGGESTIONS} data-testid="business-category" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {choice('precurementDirOrIndir', PROCUREMENT_TYPES, 'procurement')}
          </Col>
          <Col xs={24} md={12}>
            {choice('currentOrNewSuppliers', SUPPLIER_STATUSES, 'current-or-new')}
          </Col>
        </Row>
      </Card>

      <Card title={t('costSaving.sections.vendor')} size="small" className={css.formSection}>
        <Row gutter={20}>
          <Col xs={24} md={12}>
            {text('winnerVandorName', 'winner-vendor-name')}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="vendorEthnicityCategory"
              label={
                <span>
                  {t('costSaving.fields.vendorEthnicityCategory')}{' '}
                  <span className={css.formOptional}>{t('costSaving.optional')}</span>
                </span>
              }
              rules={[zodRule(rules.vendorEthnicityCategory)]}
            >
              <Select
                allowClear
                placeholder={t('costSaving.select')}
                options={ETHNICITY_CATEGORIES.map((value) => ({ value, label: value }))}
                data-testid="vendor-ethnicity"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <ChoiceItem
              name="vendorDiversityCategory"
              label={t('costSaving.fields.vendorDiversityCategory')}
              rules={[zodRule(rules.vendorDiversityCategory)]}
            >
              <DiversitySelect
                placeholder={t('costSaving.select')}
                data-testid="vendor-diversity"
              />
            </ChoiceItem>
          </Col>
        </Row>
      </Card>

      <Card title={t('costSaving.sections.contract')} size="small" className={css.formSection}>
        <Row gutter={20}>
          {MONEY_FIELDS.map(([name, testId]) => (
            <Col key={name} xs={24} md={12}>
              {money(name, testId)}
            </Col>
          ))}
          <Col xs={24} md={8}>
            <ChoiceItem
              name="contractYears"
              label={t('costSaving.fields.contractYears')}
              rules={[zodRule(rules.contractYears)]}
            >
              <Select
                placeholder={t('costSaving.select')}
                options={Array.from({ length: COST_SAVING_LIMITS.contractYearsMax }, (_, i) => ({
                  value: i + 1,
                  label: t('costSaving.contractYearsOption', { count: i + 1 }),
                }))}
                data-testid="contract-years"
              />
            </ChoiceItem>
          </Col>
          <Col xs={24} md={8}>
            <DateItem
              name="startDate"
              label={t('costSaving.fields.startDate')}
              rules={[zodRule(rules.startDate)]}
              data-testid="start-date"
            />
          </Col>
          <Col xs={24} md={8}>
            <DateItem
              name="endDate"
              label={t('costSaving.fields.endDate')}
              dependencies={['startDate']}
              rules={[zodRule(rules.endDate), endNotBeforeStart]}
              data-testid="end-date"
            />
          </Col>
        </Row>
      </Card>

      <Card title={t('costSaving.sections.savings')} size="small" className={css.formSection}>
        <YearlySavingsFields />
      </Card>

      <FormFooter
        className={`form-actions ${css.costSavingActions}`}
        saving={save.isPending}
        submitLabel={editing ? t('costSaving.updateData') : t('costSaving.addData')}
        submitTestId="cost-saving-submit"
        cancel={{
          label: t('costSaving.cancel'),
          onClick: toList,
          testId: 'cost-saving-cancel',
          whileSaving: true,
        }}
      />
    </Form>
  );
}
