/**
 * Add and edit a contract (spec 02 points 2 and 5): contract, awardee, vendor account and
 * division sections. Every rule comes from the shared `contractSchema`, the one the server uses
 * ('Enter Valid Date' when the signature, start and end dates are out of order).
 */
import { AutoComplete, Col, Form, Input, Row } from 'antd';
import { BankOutlined, FileProtectOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_TYPE_SUGGESTIONS,
  contractSchema,
  type ContractRecord,
} from '@spotzcity/shared/contracts';
import { digitsOnly } from '@spotzcity/shared/validation';
import { DiversitySelect, EthnicitySelect } from '../../../components/diversity.tsx';
import {
  revalidateTouched,
  useRevalidateInvalid,
  useSaveResult,
  zodFieldRule,
  type FieldPath,
} from '../../../components/form-rules.ts';
import { FormSection } from '../../../components/form-section.tsx';
import { DateItem, RecordForm } from '../../../components/record-form.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
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
  contractValue?: number | null;
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

const rule = (field: FieldPath) => [zodFieldRule(contractSchema, field)];
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

  const text = (name: FieldPath, label: string, required: boolean, testId: string) => (
    <Form.Item name={name as never} label={label} required={required} rules={rule(name)}>
      <Input data-testid={testId} />
    </Form.Item>
  );
  const phoneItem = (name: FieldPath, label: string, testId: string) => (
    <Form.Item
      name={name as never}
      label={label}
      rules={rule(name)}
      normalize={(value?: string) => digitsOnly(value ?? '')}
    >
      <Input inputMode="tel" data-testid={testId} />
    </Form.Item>
  );
  const date = (name: (typeof DATES)[number], label: string, testId: string) => (
    <DateItem name={name} label={label} rules={rule(name)} data-testid={testId} />
  );

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
          <Col xs={24} md={8}>
            {text('contractNumber', t('contracts.contractNumber'), true, 'contract-number')}
          </Col>
          <Col xs={24} md={16}>
            {text('contractName', t('contracts.form.contractName'), true, 'contract-name')}
          </Col>
          <Col xs={24} md={8}>
            {text('category', t('contracts.category'), true, 'contract-category')}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="contractType"
              label={t('contracts.form.contractType')}
              required
              rules={rule('contractType')}
            >
              <AutoComplete
                options={CONTRACT_TYPE_SUGGESTIONS.map((value) => ({ value }))}
                filterOption={(input, option) =>
                  (option?.value ?? '').toLowerCase().includes(input.toLowerCase())
                }
                data-testid="contract-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="contractValue"
              label={t('contracts.form.contractValue')}
              required
              rules={rule('contractValue')}
            >
              <MoneyInput data-testid="contract-value" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {date(
              'contractSignatureDate',
              t('contracts.form.contractSignatureDate'),
              'contract-signature',
            )}
          </Col>
          <Col xs={24} md={8}>
            {date('startDate', t('contracts.startDate'), 'contract-start')}
          </Col>
          <Col xs={24} md={8}>
            {date('endDate', t('contracts.endDate'), 'contract-end')}
          </Col>
        </Row>
      </FormSection>

      <FormSection
        icon={<ShopOutlined />}
        title={t('contracts.form.awardeeTitle')}
        help={t('contracts.form.awardeeHelp')}
      >
        <Row gutter={20}>
          <Col xs={24} md={8}>
            {text(
              ['awardeeVendorInfo', 'awardeeVandorIdNumber'],
              t('contracts.form.awardeeVandorIdNumber'),
              true,
              'awardee-id',
            )}
          </Col>
          <Col xs={24} md={16}>
            {text(
              ['awardeeVendorInfo', 'awardeeVandorName'],
              t('contracts.form.awardeeVandorName'),
              true,
              'awardee-name',
            )}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={['awardeeVendorInfo', 'awardeeEthnicityCategory']}
              label={t('contracts.form.awardeeEthnicityCategory')}
            >
              <EthnicitySelect placeholder={t('records.select')} data-testid="awardee-ethnicity" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name={['awardeeVendorInfo', 'awardeeDivercityCategory']}
              label={t('contracts.form.awardeeDivercityCategory')}
              required
              rules={rule(['awardeeVendorInfo', 'awardeeDivercityCategory'])}
              validateTrigger={['onBlur', 'onChange']}
            >
              <DiversitySelect placeholder={t('records.select')} data-testid="awardee-diversity" />
            </Form.Item>
          </Col>
        </Row>
      </FormSection>

      <FormSection
        icon={<UserOutlined />}
        title={t('contracts.form.vendorTitle')}
        help={t('contracts.form.vendorHelp')}
      >
        <Row gutter={20}>
          <Col xs={24} md={8}>
            {text(
              ['vendorAccount', 'vandorAcountManagerName'],
              t('contracts.form.vandorAcountManagerName'),
              false,
              'vendor-manager',
            )}
          </Col>
          <Col xs={24} md={8}>
            {text(
              ['vendorAccount', 'vandorAcountManagerEmail'],
              t('contracts.form.vandorAcountManagerEmail'),
              false,
              'vendor-email',
            )}
          </Col>
          <Col xs={24} md={8}>
            {phoneItem(
              ['vendorAccount', 'vandorAcountManagerPhone'],
              t('contracts.form.vandorAcountManagerPhone'),
              'vendor-phone',
            )}
          </Col>
        </Row>
      </FormSection>

      <FormSection
        icon={<BankOutlined />}
        title={t('contracts.form.divisionTitle')}
        help={t('contracts.form.divisionHelp')}
      >
        <Row gutter={20}>
          <Col xs={24} md={8}>
            {text(
              ['divisionInfo', 'divisionName'],
              t('contracts.form.divisionName'),
              true,
              'division-name',
            )}
          </Col>
          <Col xs={24} md={8}>
            {text(
              ['divisionInfo', 'divisionCostCenter'],
              t('contracts.form.divisionCostCenter'),
              false,
              'division-cost-center',
            )}
          </Col>
          <Col xs={24} md={8}>
            {text(
              ['divisionInfo', 'companyContractOwnerName'],
              t('contracts.form.companyContractOwnerName'),
              true,
              'owner-name',
            )}
          </Col>
          <Col xs={24} md={8}>
            {text(
              ['divisionInfo', 'companyContractOwnerEmail'],
              t('contracts.form.companyContractOwnerEmail'),
              false,
              'owner-email',
            )}
          </Col>
          <Col xs={24} md={8}>
            {phoneItem(
              ['divisionInfo', 'companyContractOwnerPhone'],
              t('contracts.form.companyContractOwnerPhone'),
              'owner-phone',
            )}
          </Col>
        </Row>
      </FormSection>
    </RecordForm>
  );
}
