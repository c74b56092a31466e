import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select } from 'antd';
import { SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { US_STATES } from '@spotzcity/shared/enums';
import {
  CERTIFICATION_TYPES,
  VALIDATED_YES,
  hasAnyFilter,
  supplierSearchFilterSchema,
  type SupplierSearchFilter,
} from '@spotzcity/shared/search-supplier';
import { zodRule } from '../../../components/form-rules.ts';

type Values = Partial<Record<keyof SupplierSearchFilter, string | null>>;

const rules = supplierSearchFilterSchema.shape;

/** The filter view: every field optional, at least one filled. */
export function SearchForm({
  initial,
  canUpload,
  onSearch,
  onUpload,
}: {
  initial: SupplierSearchFilter;
  canUpload: boolean;
  onSearch: (filter: SupplierSearchFilter) => void;
  onUpload: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [empty, setEmpty] = useState(false);

  const submit = (values: Values) => {
    const filter: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string' && value.trim() !== '') filter[key] = value.trim();
    }
    if (!hasAnyFilter(filter as SupplierSearchFilter)) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    onSearch(filter as SupplierSearchFilter);
  };

  const text = (name: keyof SupplierSearchFilter, label: string, max = 100) => (
    <Col xs={24} md={12} xl={8}>
      <Form.Item name={name} label={label}>
        <Input allowClear maxLength={max} data-testid={`search-${name}`} />
      </Form.Item>
    </Col>
  );

  /** Digits only: anything else is refused as it is typed, never dropped. */
  const digits = (name: 'duns' | 'contact', label: string) => (
    <Col xs={24} md={12} xl={8}>
      <Form.Item
        name={name}
        label={label}
        rules={[zodRule(rules[name])]}
        validateTrigger="onChange"
      >
        <Input allowClear inputMode="numeric" data-testid={`search-${name}`} />
      </Form.Item>
    </Col>
  );

  /** One of a fixed list, or any (cleared); the longer lists can be searched by label. */
  const choice = (
    name: 'certification' | 'state' | 'validate',
    label: string,
    options: { value: string; label: string }[],
    searchable = true,
  ) => (
    <Col xs={24} md={12} xl={8}>
      <Form.Item name={name} label={label}>
        <Select
          allowClear
          showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
          placeholder={t('supplierSearch.any')}
          options={options}
          data-testid={`search-${name}`}
        />
      </Form.Item>
    </Col>
  );

  return (
    <Card data-testid="supplier-search-form">
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={() => setEmpty(false)}
      >
        <Row gutter={16}>
          {text('dbaName', t('supplierSearch.dbaName'), 200)}
          {digits('duns', t('supplierSearch.duns'))}
          {text('naics', t('supplierSearch.naicsCode'))}
          {text('industry', t('supplierSearch.industry'))}
          {digits('contact', t('supplierSearch.contact'))}
          {choice(
            'certification',
            t('supplierSearch.certification'),
            CERTIFICATION_TYPES.map((c) => ({ value: c, label: diversityLabel(c) })),
          )}
          {text('city', t('supplierSearch.city'))}
          {choice(
            'state',
            t('supplierSearch.state'),
            US_STATES.map(([code, name]) => ({ value: code, label: name })),
          )}
          {text('zip', t('supplierSearch.zip'), 20)}
          {text('country', t('supplierSearch.country'))}
          {choice(
            'validate',
            t('supplierSearch.validate'),
            [{ value: VALIDATED_YES, label: t('supplierSearch.yes') }],
            false,
          )}
        </Row>
        {empty && (
          <Alert
            type="error"
            showIcon
            title={t('supplierSearch.fillOne')}
            style={{ marginBottom: 16 }}
            data-testid="search-empty"
          />
        )}
        <Flex gap={8} justify="flex-end" wrap>
          {canUpload && (
            <Button icon={<UploadOutlined />} onClick={onUpload} data-testid="upload-suppliers">
              {t('supplierSearch.uploadList')}
            </Button>
          )}
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            data-testid="search-submit"
          >
            {t('supplierSearch.search')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
