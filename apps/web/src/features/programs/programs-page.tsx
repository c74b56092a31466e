/**
 * /home/supplierSpend/programs: the organisation's program categories — create,
 * rename, switch on or off, the rule's parameters (a local category's radius, states, counties),
 * the sites a radius is measured from, and the suppliers of a hand-marked category. A Buyer Admin
 * changes them; everyone else who sees the spend reads them.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, FundOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { US_STATES } from '@spotzcity/shared/enums';
import { ACCESS, mayAccess, type Permission } from '@spotzcity/shared/permissions';
import {
  PROGRAM_KINDS,
  PROGRAM_KIND_LABELS,
  PROGRAM_KIND_RULES,
  PROGRAM_MATCHES,
  PROGRAM_MATCH_LABELS,
  programRuleLabel,
  type LocalRule,
  type ProgramCategory,
  type ProgramKind,
  type ProgramMatch,
} from '@spotzcity/shared/programs';
import { useCurrentUser } from '../../api/get-profile.ts';
import { useAlert } from '../../components/alert-modal.tsx';
import { SubmitButton } from '../../components/form-footer.tsx';
import {
  categoriesQuery,
  markedQuery,
  sitesQuery,
  supplierOptionsQuery,
  useAddSite,
  useCreateCategory,
  useDeleteCategory,
  useDeleteSite,
  useMarkSupplier,
  useUpdateCategory,
} from './api/programs.ts';
import css from './programs.module.css';

const SPEND_DASHBOARD = '/home/supplierSpend/report/spend';

function useNotify() {
  const alert = useAlert();
  return {
    onSuccess: (reply: { message: string }) => alert.showSuccess(reply.message),
    onError: (error: Error) => alert.showError(error.message),
  };
}

interface RuleValues extends Partial<LocalRule> {
  match?: ProgramMatch;
}

/**
 * The category's rule, changed one way: whether a supplier must meet all or any of its
 * conditions, and a local category's radius, states and counties, saved together with Save.
 */
function RuleForm({ category, canEdit }: { category: ProgramCategory; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateCategory();
  const notify = useNotify();
  const [form] = Form.useForm<RuleValues>();
  const several = category.kinds.length > 1;
  const local = category.kinds.includes('LOCAL');
  const [changed, setChanged] = useState(false);
  if (!several && !local) return null;
  return (
    <Form<RuleValues>
      form={form}
      layout="vertical"
      disabled={!canEdit}
      initialValues={{
        match: category.match,
        ...(category.local ?? { radiusMiles: null, states: [], counties: [] }),
      }}
      onValuesChange={() => setChanged(true)}
      onFinish={(values) =>
        update.mutate(
          {
            id: category.id,
            ...(several && values.match ? { match: values.match } : {}),
            ...(local
              ? {
                  local: {
                    radiusMiles: values.radiusMiles ?? null,
                    states: values.states ?? [],
                    counties: values.counties ?? [],
                  },
                }
              : {}),
          },
          { ...notify, onSuccess: (reply) => (notify.onSuccess(reply), setChanged(false)) },
        )
      }
      data-testid={`rule-form-${category.id}`}
    >
      {several && (
        <Form.Item name="match" label={t('programs.match')} style={{ marginBottom: 8 }}>
          <Radio.Group
            size="small"
            optionType="button"
            options={PROGRAM_MATCHES.map((m) => ({ value: m, label: PROGRAM_MATCH_LABELS[m] }))}
            data-testid="category-match"
          />
        </Form.Item>
      )}
      {several && (
        <ul className={css.programConditions}>
          {category.kinds.map((k) => (
            <li key={k}>
              <Typography.Text type="secondary">{PROGRAM_KIND_RULES[k]}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      {local && (
        <Row gutter={12} data-testid={`local-rule-${category.id}`}>
          <Col xs={24} md={6}>
            <Form.Item name="radiusMiles" label={t('programs.radius')}>
              <InputNumber min={1} max={500} style={{ width: '100%' }} data-testid="local-radius" />
            </Form.Item>
          </Col>
          <Col xs={24} md={9}>
            <Form.Item name="states" label={t('programs.states')}>
              <Select
                mode="multiple"
                allowClear
                options={US_STATES.map(([code, name]) => ({
                  value: code,
                  label: `${code} ${name}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={9}>
            <Form.Item name="counties" label={t('programs.counties')}>
              <Select mode="tags" open={false} tokenSeparators={[';']} />
            </Form.Item>
          </Col>
        </Row>
      )}
      {canEdit && (
        <Button
          htmlType="submit"
          type={changed ? 'primary' : 'default'}
          loading={update.isPending}
          data-testid="rule-save"
        >
          {t('programs.save')}
        </Button>
      )}
    </Form>
  );
}

/**
 * Finds a supplier to mark by name, DBA name or DUNS among the suppliers the organisation pays
 * (the only ones that can count); choosing one marks it.
 */
function SupplierPicker({ categoryId }: { categoryId: number }) {
  const { t } = useTranslation();
  const mark = useMarkSupplier();
  const notify = useNotify();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useQuery(supplierOptionsQuery(categoryId, q));
  return (
    <Select<number>
      showSearch
      value={null}
      filterOption={false}
      onSearch={setTyped}
      searchValue={typed}
      loading={options.isFetching}
      placeholder={t('programs.findSupplier')}
      notFoundContent={
        q.trim().length < 2 ? t('programs.typeToFind') : t('programs.noSupplierFound')
      }
      options={(options.data ?? []).map((s) => ({
        value: s.id,
        disabled: s.marked,
        label: `${s.name} · ${s.duns}${s.state ? ` · ${s.city ?? ''} ${s.state}` : ''}${
          s.marked ? ` (${t('programs.alreadyMarked')})` : ''
        }`,
      }))}
      onChange={(supplierId) => {
        if (typeof supplierId !== 'number') return;
        mark.mutate(
          { id: categoryId, supplierId, mark: true },
          { ...notify, onSuccess: (r) => (notify.onSuccess(r), setTyped('')) },
        );
      }}
      style={{ width: '100%', maxWidth: 420 }}
      data-testid={`program-supplier-picker-${categoryId}`}
    />
  );
}

function MarkedSuppliers({ category, canEdit }: { category: ProgramCategory; canEdit: boolean }) {
  const { t } = useTranslation();
  const marked = useQuery(markedQuery(category.id));
  const mark = useMarkSupplier();
  const notify = useNotify();
  return (
    <div className={css.programMarked} data-testid="program-marked">
      <Typography.Text strong>{t('programs.marked')}</Typography.Text>
      <List
        size="small"
        loading={marked.isPending}
        dataSource={marked.data ?? []}
        renderItem={(s) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Button
                      key="unmark"
                      size="small"
                      onClick={() =>
                        mark.mutate({ id: category.id, supplierId: s.id, mark: false }, notify)
                      }
                    >
                      {t('programs.unmark')}
                    </Button>,
                  ]
                : []
            }
          >
            {s.name} · {s.duns}
            {s.state ? ` · ${s.city ?? ''} ${s.state}` : ''}
          </List.Item>
        )}
      />
      {canEdit && <SupplierPicker categoryId={category.id} />}
    </div>
  );
}

function CategoryCard({ category, canEdit }: { category: ProgramCategory; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const notify = useNotify();
  const [name, setName] = useState<string | null>(null);
  return (
    <Card
      size="small"
      className={css.programCategory}
      data-testid={`program-category-${category.id}`}
      title={
        name === null ? (
          <Space wrap>
            <span className={css.programName}>{category.name}</span>
            <Tag data-testid="category-rule">
              {programRuleLabel(category.kinds, category.match)}
            </Tag>
          </Space>
        ) : (
          <Space.Compact>
            <Input
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
              aria-label={t('programs.name')}
              data-testid="rename-input"
            />
            <Button
              type="primary"
              onClick={() =>
                update.mutate(
                  { id: category.id, name },
                  { ...notify, onSuccess: (r) => (notify.onSuccess(r), setName(null)) },
                )
              }
              data-testid="rename-save"
            >
              {t('programs.save')}
            </Button>
            <Button onClick={() => setName(null)}>{t('programs.cancel')}</Button>
          </Space.Compact>
        )
      }
      extra={
        <Space>
          <Switch
            checked={category.enabled}
            disabled={!canEdit}
            onChange={(enabled) => update.mutate({ id: category.id, enabled }, notify)}
            aria-label={t('programs.enabled')}
            data-testid="category-switch"
          />
          {canEdit && name === null && (
            <Button size="small" onClick={() => setName(category.name)} data-testid="rename">
              {t('programs.rename')}
            </Button>
          )}
          {canEdit && (
            <Popconfirm
              title={t('programs.deleteConfirm')}
              onConfirm={() => remove.mutate(category.id, notify)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('programs.delete')}
              />
            </Popconfirm>
          )}
        </Space>
      }
    >
      {category.kinds.length === 1 && (
        <Typography.Paragraph type="secondary">
          {PROGRAM_KIND_RULES[category.kind]}
        </Typography.Paragraph>
      )}
      <RuleForm category={category} canEdit={canEdit} />
      {category.kinds.includes('MANUAL') && (
        <MarkedSuppliers category={category} canEdit={canEdit} />
      )}
    </Card>
  );
}

function AddCategory() {
  const { t } = useTranslation();
  const create = useCreateCategory();
  const notify = useNotify();
  const [form] = Form.useForm<{
    name: string;
    kinds: ProgramKind[];
    match: ProgramMatch;
    radiusMiles?: number;
  }>();
  const kinds = Form.useWatch('kinds', form) ?? [];
  return (
    <Card size="small" title={t('programs.add')} data-testid="add-category">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kinds: ['SMALL'], match: 'ALL' }}
        onFinish={(v) =>
          create.mutate(
            {
              name: v.name,
              kind: v.kinds[0]!,
              also: v.kinds.slice(1),
              match: v.match,
              enabled: true,
              ...(v.kinds.includes('LOCAL')
                ? { local: { radiusMiles: v.radiusMiles ?? null, states: [], counties: [] } }
                : {}),
            },
            { ...notify, onSuccess: (r) => (notify.onSuccess(r), form.resetFields()) },
          )
        }
      >
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item
              name="name"
              label={t('programs.name')}
              rules={[{ required: true, whitespace: true, message: 'Required' }]}
            >
              <Input maxLength={60} data-testid="category-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name="kinds"
              label={t('programs.conditions')}
              extra={t('programs.conditionsHelp')}
              rules={[{ required: true, type: 'array', min: 1, message: 'Required' }]}
            >
              <Select
                mode="multiple"
                optionFilterProp="label"
                data-testid="category-kind"
                options={PROGRAM_KINDS.map((k) => ({ value: k, label: PROGRAM_KIND_LABELS[k] }))}
              />
            </Form.Item>
          </Col>
          {kinds.includes('LOCAL') && (
            <Col xs={24} md={6}>
              <Form.Item name="radiusMiles" label={t('programs.radius')}>
                <InputNumber min={1} max={500} style={{ width: '100%' }} data-testid="new-radius" />
              </Form.Item>
            </Col>
          )}
        </Row>
        {kinds.length > 1 && (
          <Form.Item name="match" label={t('programs.match')}>
            <Radio.Group
              optionType="button"
              options={PROGRAM_MATCHES.map((m) => ({ value: m, label: PROGRAM_MATCH_LABELS[m] }))}
              data-testid="new-match"
            />
          </Form.Item>
        )}
        <SubmitButton
          saving={create.isPending}
          icon={<PlusOutlined />}
          data-testid="category-create"
        >
          {t('programs.add')}
        </SubmitButton>
      </Form>
    </Card>
  );
}

function SitesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const sites = useQuery(sitesQuery());
  const add = useAddSite();
  const remove = useDeleteSite();
  const notify = useNotify();
  const [form] = Form.useForm<{ name: string; zip: string }>();
  return (
    <Card size="small" title={t('programs.sites')} data-testid="sites-card">
      <Typography.Paragraph type="secondary">{t('programs.sitesHelp')}</Typography.Paragraph>
      <List
        size="small"
        loading={sites.isPending}
        locale={{ emptyText: t('programs.noSites') }}
        dataSource={sites.data ?? []}
        renderItem={(s) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Button
                      key="delete"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('programs.delete')}
                      onClick={() => remove.mutate(s.id, notify)}
                    />,
                  ]
                : []
            }
          >
            {s.name} · {s.zip} · {s.county}, {s.state}
          </List.Item>
        )}
      />
      {canEdit && (
        <Form
          form={form}
          layout="inline"
          className={css.siteForm}
          onFinish={(v) =>
            add.mutate(v, {
              ...notify,
              onSuccess: (r) => (notify.onSuccess(r), form.resetFields()),
            })
          }
        >
          <Form.Item
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Required' }]}
          >
            <Input placeholder={t('programs.siteName')} maxLength={80} data-testid="site-name" />
          </Form.Item>
          <Form.Item
            name="zip"
            rules={[{ pattern: /^\d{5}$/, required: true, message: 'ZIP code must be 5 digits' }]}
          >
            <Input placeholder={t('programs.zip')} maxLength={5} data-testid="site-zip" />
          </Form.Item>
          <Button htmlType="submit" loading={add.isPending} data-testid="site-add">
            {t('programs.addSite')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

export default function ProgramsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const held = new Set(user.permissions as Permission[]);
  const canEdit = mayAccess(held, ACCESS.supplierAndSpend.programsEdit);
  const categories = useQuery(categoriesQuery());
  return (
    <div className="page programs-page" data-testid="programs-page">
      <header className="page-header">
        <Typography.Title level={3} className="page-title">
          {t('programs.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('programs.subtitle')}</Typography.Text>
        <div>
          <Link to={SPEND_DASHBOARD}>
            <FundOutlined /> Spend Dashboard
          </Link>
        </div>
      </header>
      {!canEdit && (
        <Alert type="info" showIcon title={t('programs.readOnly')} className={css.programsNote} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {categories.isPending ? (
              <Skeleton active />
            ) : categories.isError ? (
              <Alert type="error" showIcon title={categories.error.message} />
            ) : (
              categories.data.map((c) => <CategoryCard key={c.id} category={c} canEdit={canEdit} />)
            )}
            {canEdit && <AddCategory />}
          </Space>
        </Col>
        <Col xs={24} xl={9}>
          <SitesCard canEdit={canEdit} />
        </Col>
      </Row>
    </div>
  );
}
