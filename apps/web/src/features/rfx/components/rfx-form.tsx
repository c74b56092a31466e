/**
 * Add and edit an RFx (spec 02 points 2 and 5). Every rule comes from the shared `rfxSchema`,
 * the one the server validates with; the start date is sent as 00:00:00 and the submit date as
 * 23:59:59 in the user's zone, with its offset.
 */
import { Form, Input, Radio, Row, Segmented } from 'antd';
import { FileSearchOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RFX_TYPES, YES_NO, rfxSchema, type RfxRecord } from '@spotzcity/shared/rfx';
import { DatePickerWithYear } from '../../../components/date-picker-with-year.tsx';
import {
  revalidateTouched,
  useRevalidateInvalid,
  useSaveResult,
} from '../../../components/form-rules.ts';
import { FormSection } from '../../../components/form-section.tsx';
import { RecordForm, recordField } from '../../../components/record-form.tsx';
import { SuggestInput } from '../../../components/suggest-input.tsx';
import { MoneyInput, type MoneyValue } from '../../../components/money-input.tsx';
import { endOfDay, startOfDay, timezoneOffset } from '../../../components/wire-dates.ts';
import { useSaveRfx } from '../api/save-rfx.ts';
import { SupplierRows } from './supplier-rows.tsx';

interface SupplierValues {
  supplierIncluded?: string;
  ethenicityCategory?: string;
  diversityCategory?: string[];
  deals?: string;
  pointOfContact?: string;
  reasonForLoss?: string;
  reasonForLossOther?: string;
}

export interface RfxValues {
  rfxNumber?: string;
  rfxName?: string;
  type?: string;
  category?: string;
  categoryManager?: string;
  startDate?: string;
  submitDate?: string;
  contractValue?: MoneyValue;
  rfxCompleted?: string;
  rfxSupplier: SupplierValues[];
}

/** Common sourcing categories offered while typing (any text is accepted). */
const CATEGORY_SUGGESTIONS = [
  'Construction',
  'Facilities',
  'Fleet',
  'IT Services',
  'Janitorial',
  'Logistics',
  'Marketing',
  'MRO Supplies',
  'Office Supplies',
  'Packaging',
  'Professional Services',
  'Raw Materials',
  'Security Services',
];

const NEW_RFX: RfxValues = { rfxCompleted: 'No', rfxSupplier: [{}] };

const orUndefined = <T,>(value: T | null) => value ?? undefined;

/** A stored RFx as form values. */
export function toValues(record: RfxRecord): RfxValues {
  return {
    rfxNumber: record.rfxNumber,
    rfxName: record.rfxName,
    type: record.type,
    category: record.category,
    categoryManager: orUndefined(record.categoryManager),
    startDate: record.startDate,
    submitDate: record.submitDate,
    contractValue: record.contractValue,
    rfxCompleted: record.rfxCompleted,
    rfxSupplier: record.rfxSupplier.map((s) => ({
      supplierIncluded: s.supplierIncluded,
      ethenicityCategory: orUndefined(s.ethenicityCategory),
      diversityCategory: s.diversityCategory,
      deals: orUndefined(s.deals),
      pointOfContact: orUndefined(s.pointOfContact),
      reasonForLoss: orUndefined(s.reasonForLoss),
      reasonForLossOther: orUndefined(s.reasonForLossOther),
    })),
  };
}

/** Form values as the API's body: dates at the start and end of the picked days, with offset. */
export function toBody(values: RfxValues, id?: number) {
  const startDate = values.startDate ?? '';
  const submitDate = values.submitDate ?? '';
  return {
    ...(id === undefined ? {} : { id }),
    ...values,
    startDate: startDate && startOfDay(startDate),
    submitDate: submitDate && endOfDay(submitDate),
    offset: startDate ? timezoneOffset(startDate) : undefined,
  };
}

const Field = recordField(rfxSchema);

export function RfxForm({ record }: { record?: RfxRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RfxValues>();
  const revalidate = useRevalidateInvalid(form);
  const save = useSaveRfx();
  const toList = () => navigate('/home/rfx');
  const saved = useSaveResult(form, toList);

  const onValuesChange = (changed: Partial<RfxValues>) => {
    revalidate(changed);
    if ('startDate' in changed) revalidateTouched(form, ['submitDate']);
  };

  const submit = (values: RfxValues) => save.mutate(toBody(values, record?.id), saved);

  return (
    <RecordForm<RfxValues>
      module="rfx"
      form={form}
      initialValues={record ? toValues(record) : NEW_RFX}
      onValuesChange={onValuesChange}
      onFinish={submit}
      saving={save.isPending}
      onCancel={toList}
      submitLabel={record ? t('rfx.updateRfx') : t('rfx.addRfx')}
    >
      <FormSection
        icon={<FileSearchOutlined />}
        title={t('rfx.form.detailsTitle')}
        help={t('rfx.form.detailsHelp')}
      >
        <Row gutter={20}>
          <Field name="rfxNumber" label={t('rfx.rfxNumber')} required>
            <Input placeholder="RFP-2025-001" data-testid="rfx-number" />
          </Field>
          <Field name="rfxName" label={t('rfx.form.rfxName')} md={16} required>
            <Input data-testid="rfx-name" />
          </Field>
          <Field name="type" label={t('rfx.type')} required checkOnChange>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={RFX_TYPES.map((type) => ({ value: type, label: type }))}
              data-testid="rfx-type"
            />
          </Field>
          <Field name="category" label={t('rfx.category')} required>
            <SuggestInput
              suggestions={CATEGORY_SUGGESTIONS}
              placeholder={t('rfx.form.categoryPlaceholder')}
              data-testid="rfx-category"
            />
          </Field>
          <Field name="categoryManager" label={t('rfx.categoryManager')}>
            <Input data-testid="rfx-manager" />
          </Field>
          <Field name="startDate" label={t('rfx.startDate')} required checkOnChange>
            <DatePickerWithYear data-testid="rfx-start-date" />
          </Field>
          <Field name="submitDate" label={t('rfx.form.submitDate')} required checkOnChange>
            <DatePickerWithYear data-testid="rfx-submit-date" />
          </Field>
          <Field name="contractValue" label={t('rfx.contractValue')} required>
            <MoneyInput data-testid="rfx-contract-value" />
          </Field>
          <Field name="rfxCompleted" label={t('rfx.form.rfxCompleted')} required>
            <Segmented
              options={YES_NO.map((v) => ({ value: v, label: v }))}
              data-testid="rfx-completed"
            />
          </Field>
        </Row>
      </FormSection>

      <FormSection
        icon={<TeamOutlined />}
        title={t('rfx.form.suppliersTitle')}
        help={t('rfx.form.suppliersHelp')}
      >
        <SupplierRows form={form} />
      </FormSection>
    </RecordForm>
  );
}
