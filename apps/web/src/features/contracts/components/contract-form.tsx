/**
 * Add and edit a contract (spec 02 points 2 and 5): contract, awardee, vendor account and
 * division sections. Every rule comes from the shared `contractSchema`, the one the server uses
 * ('Enter Valid Date' when the signature, start and end dates are out of order).
 */
import { Form, Input, Row } from 'antd';
import { BankOutlined, FileProtectOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_TYPE_SUGGESTIONS,
  contractSchema,
  type ContractRecord,
} from '@spotzcity/shared/contracts';
import { DatePickerWithYear } from '../../../components/date-picker-with-year.tsx';
import { DiversitySelect, EthnicitySelect } from '../../../components/diversity.tsx';
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
import { useSaveContract } from '../api/save-contract.ts';

type Section = Record<string, string | string[] | undefined>;

export interface ContractValues {
  contractNumber?: string;
  contractName?: string;
  category?: string;
  contractSignatureDate?: string;
  startDate?: string;
  endDate?: string;
  contractType?: string;
  contractValue?: MoneyValue;
  awardeeVendorInfo: Section;
  vendorAccount: Section;
  divisionInfo: Section;
}

const EMPTY: ContractValues = { awardeeVendorInfo: {}, vendorAccount: {}, divisionInfo: {} };

/** Nulls of a stored section become empty fields. */
const section = (values: Record<string, string | string[] | null>): Section =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? undefined]));

export function toValues(record: ContractRecord): ContractValues {
  return {
    contractNumber: record.contractNumber,
    contractName: record.contractName,
    category: record.category,
    contractSignatureDate: record.contractSignatureDate,
    startDate: record.startDate,
    endDate: record.endDate,
    contractType: record.contractType,
    contractValue: record.contractValue,
    awardeeVendorInfo: section(record.awardeeVendorInfo),
    vendorAccount: section(record.vendorAccount),
    divisionInfo: section(record.divisionInfo),
  };
}

/** Form values as the API's body: days as wall times with their offset. */
export function toBody(values: ContractValues, id?: number) {
  const day = (value: string | undefined, at: (d: string) => string) => (value ? at(value) : '');
  return {
    ...(id === undefined ? {} : { id }),
    ...values,
    contractSignatureDate: day(values.contractSignatureDate, startOfDay),
    startDate: day(values.startDate, startOfDay),
    endDate: day(values.endDate, endOfDay),
    offset: values.startDate ? timezoneOffset(values.startDate) : undefined,
  };
}

const Field = recordField(contractSchema);
const DATES = ['contractSignatureDate', 'startDate', 'endDate'] as const;

export function ContractForm({ record }: { record?: ContractRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ContractValues>();
  const revalidate = useRevalidateInvalid(form);
  const save = useSaveContract();
  const saved = useSaveResult(form, () => navigate('/home/contracts'));

  const onValuesChange = (changed: Partial<ContractValues>) => {
    revalidate(changed);
    // The date-order rules read the other dates: re-check the touched ones.
    if (DATES.some((d) => d in changed)) revalidateTouched(form, ['startDate', 'endDate']);
  };

  const submit = (values: ContractValues) => save.mutate(toBody(values, record?.id), saved);

  return (
    <RecordForm<ContractValues>
      module="contract"
      form={form}
      initialValues={record ? toValues(record) : EMPTY}
      onValuesChange={onValuesChange}
      onFinish={submit}
      saving={save.isPending}
      onCancel={() => navigate('/home/contracts')}
      submitLabel={record ? t('contracts.updateContract') : t('contracts.addContract')}
    >
      <FormSection
        icon={<FileProtectOutlined />}
        title={t('contracts.form.contractTitle')}
        help={t('contracts.form.contractHelp')}
      >
        <Row gutter={20}>
          <Field name="contractNumber" label={t('contracts.contractNumber')} required>
            <Input data-testid="contract-number" />
          </Field>
          <Field name="contractName" label={t('contracts.form.contractName')} md={16} required>
            <Input data-testid="contract-name" />
          </Field>
          <Field name="category" label={t('contracts.category')} required>
            <Input data-testid="contract-category" />
          </Field>
          <Field name="contractType" label={t('contracts.form.contractType')} required>
            <SuggestInput suggestions={CONTRACT_TYPE_SUGGESTIONS} data-testid="contract-type" />
          </Field>
          <Field name="contractValue" label={t('contracts.form.contractValue')} required>
            <MoneyInput data-testid="contract-value" />
          </Field>
          <Field
            name="contractSignatureDate"
            label={t('contracts.form.contractSignatureDate')}
            required
            checkOnChange
          >
            <DatePickerWithYear data-testid="contract-signature" />
          </Field>
          <Field name="startDate" label={t('contracts.startDate')} required checkOnChange>
            <DatePickerWithYear data-testid="contract-start" />
          </Field>
          <Field name="endDate" label={t('contracts.endDate')} required checkOnChange>
            <DatePickerWithYear data-testid="contract-end" />
          </Field>
        </Row>
      </FormSection>

      <FormSection
        icon={<ShopOutlined />}
        title={t('contracts.form.awardeeTitle')}
        help={t('contracts.form.awardeeHelp')}
      >
        <Row gutter={20}>
          <Field
            name={['awardeeVendorInfo', 'awardeeVandorIdNumber']}
            label={t('contracts.form.awardeeVandorIdNumber')}
            required
          >
            <Input data-testid="awardee-id" />
          </Field>
          <Field
            name={['awardeeVendorInfo', 'awardeeVandorName']}
            label={t('contracts.form.awardeeVandorName')}
            md={16}
            required
          >
            <Input data-testid="awardee-name" />
          </Field>
          <Field
            name={['awardeeVendorInfo', 'awardeeEthnicityCategory']}
            label={t('contracts.form.awardeeEthnicityCategory')}
            unchecked
          >
            <EthnicitySelect placeholder={t('records.select')} data-testid="awardee-ethnicity" />
          </Field>
          <Field
            name={['awardeeVendorInfo', 'awardeeDivercityCategory']}
            label={t('contracts.form.awardeeDivercityCategory')}
            md={16}
            required
            checkOnChange
          >
            <DiversitySelect placeholder={t('records.select')} data-testid="awardee-diversity" />
          </Field>
        </Row>
      </FormSection>

      <FormSection
        icon={<UserOutlined />}
        title={t('contracts.form.vendorTitle')}
        help={t('contracts.form.vendorHelp')}
      >
        <Row gutter={20}>
          <Field
            name={['vendorAccount', 'vandorAcountManagerName']}
            label={t('contracts.form.vandorAcountManagerName')}
          >
            <Input data-testid="vendor-manager" />
          </Field>
          <Field
            name={['vendorAccount', 'vandorAcountManagerEmail']}
            label={t('contracts.form.vandorAcountManagerEmail')}
          >
            <Input data-testid="vendor-email" />
          </Field>
          <Field
            name={['vendorAccount', 'vandorAcountManagerPhone']}
            label={t('contracts.form.vandorAcountManagerPhone')}
            checkOnChange
          >
            <Input inputMode="tel" data-testid="vendor-phone" />
          </Field>
        </Row>
      </FormSection>

      <FormSection
        icon={<BankOutlined />}
        title={t('contracts.form.divisionTitle')}
        help={t('contracts.form.divisionHelp')}
      >
        <Row gutter={20}>
          <Field
            name={['divisionInfo', 'divisionName']}
            label={t('contracts.form.divisionName')}
            required
          >
            <Input data-testid="division-name" />
          </Field>
          <Field
            name={['divisionInfo', 'divisionCostCenter']}
            label={t('contracts.form.divisionCostCenter')}
          >
            <Input data-testid="division-cost-center" />
          </Field>
          <Field
            name={['divisionInfo', 'companyContractOwnerName']}
            label={t('contracts.form.companyContractOwnerName')}
            required
          >
            <Input data-testid="owner-name" />
          </Field>
          <Field
            name={['divisionInfo', 'companyContractOwnerEmail']}
            label={t('contracts.form.companyContractOwnerEmail')}
          >
            <Input data-testid="owner-email" />
          </Field>
          <Field
            name={['divisionInfo', 'companyContractOwnerPhone']}
            label={t('contracts.form.companyContractOwnerPhone')}
            checkOnChange
          >
            <Input inputMode="tel" data-testid="owner-phone" />
          </Field>
        </Row>
      </FormSection>
    </RecordForm>
  );
}
