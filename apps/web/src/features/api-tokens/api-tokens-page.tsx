/**
 * /home/supplierSpend/apiTokens: the organisation's API tokens, for its admin. A new token's secret
 * is shown once, in a dialog, and forgotten when the dialog closes; the list shows each token's
 * first characters, scopes, lifetime and last use, and revokes.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Tag,
  Typography,
  type ButtonProps,
} from 'antd';
import { KeyOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_SCOPES,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_STATUS_LABELS,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenScope,
  type ApiTokenStatus,
} from '@spotzcity/shared/api-tokens';
import { formatFileDate } from '@spotzcity/shared/format';
import { useAlert } from '../../components/alert-modal.tsx';
import { SubmitButton } from '../../components/form-footer.tsx';
import { apiTokensQuery, useCreateApiToken, useRevokeApiToken } from './api/api-tokens.ts';
import css from './api-tokens.module.css';

const STATUS_COLOURS: Record<ApiTokenStatus, string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
  ownerRemoved: 'orange',
};

interface NewToken {
  name: string;
  scopes: ApiTokenScope[];
  expiresInDays: number | 'never';
}

function CreateCard({ onCreated }: { onCreated: (token: ApiTokenCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const alert = useAlert();
  const [form] = Form.useForm<NewToken>();
  const lifetimes = [
    { value: 30, label: t('apiTokens.days', { count: 30 }) },
    { value: 90, label: t('apiTokens.days', { count: 90 }) },
    { value: 365, label: t('apiTokens.oneYear') },
    { value: API_TOKEN_LIMITS.maxDays, label: t('apiTokens.twoYears') },
    { value: 'never', label: t('apiTokens.never') },
  ];
  return (
    <Card size="small" title={t('apiTokens.create')} data-testid="api-token-create">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ scopes: ['spend:upload'], expiresInDays: 365 }}
        onFinish={(values) =>
          create.mutate(
            {
              name: values.name,
              scopes: values.scopes,
              expiresInDays: values.expiresInDays === 'never' ? null : values.expiresInDays,
            },
            {
              onSuccess: (reply) => {
                form.resetFields();
                onCreated(reply.data);
              },
              onError: (error) => alert.showError(error.message),
            },
          )
        }
      >
        <Row gutter={12}>
          <Col xs={24} md={10}>
            <Form.Item
              name="name"
              label={t('apiTokens.name')}
              rules={[{ required: true, whitespace: true, message: 'Required' }]}
            >
              <Input
                placeholder={t('apiTokens.namePlaceholder')}
                maxLength={API_TOKEN_LIMITS.nameMax}
                data-testid="api-token-name"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="expiresInDays" label={t('apiTokens.expires')}>
              <Select options={lifetimes} data-testid="api-token-expiry" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="scopes"
          label={t('apiTokens.scopes')}
          rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one scope' }]}
        >
          <Checkbox.Group className={css.scopes} data-testid="api-token-scopes">
            {API_TOKEN_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope}>
                <Typography.Text code>{scope}</Typography.Text> {API_TOKEN_SCOPE_LABELS[scope]}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <SubmitButton
          saving={create.isPending}
          icon={<PlusOutlined />}
          data-testid="api-token-submit"
        >
          {t('apiTokens.submit')}
        </SubmitButton>
      </Form>
    </Card>
  );
}

/** The new token's secret, shown this once: closing the dialog forgets it. */
function SecretDialog({
  created,
  onClose,
}: {
  created: ApiTokenCreated | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={created !== null}
      title={t('apiTokens.secretTitle')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-token-secret-done">
          {t('apiTokens.secretDone')}
        </Button>
      }
      destroyOnHidden
    >
      {created && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text strong>{created.name}</Typography.Text>
          <Typography.Paragraph
            code
            copyable={{ text: created.token }}
            className={css.secret}
            data-testid="api-token-secret"
          >
            {created.token}
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={t('apiTokens.secretNote')} />
        </Space>
      )}
    </Modal>
  );
}

function TokenItem({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiToken();
  const alert = useAlert();
  const active = token.status === 'active';
  return (
    <List.Item
      data-testid={`api-token-${token.id}`}
      actions={
        active
          ? [
              <Popconfirm
                key="revoke"
                title={t('apiTokens.revokeConfirm')}
                okText={t('apiTokens.revoke')}
                okButtonProps={
                  { danger: true, 'data-testid': 'api-token-revoke-confirm' } as ButtonProps
                }
                onConfirm={() =>
                  revoke.mutateAsync(token.id).then(
                    (reply) => alert.showSuccess(reply.message),
                    (error: Error) => alert.showError(error.message),
                  )
                }
              >
                <Button danger size="small" icon={<StopOutlined />} data-testid="api-token-revoke">
                  {t('apiTokens.revoke')}
                </Button>
              </Popconfirm>,
            ]
          : []
      }
    >
      <List.Item.Meta
        avatar={<KeyOutlined className={css.icon} />}
        title={
          <Space wrap size={8}>
            <span className={css.name}>{token.name}</span>
            <Tag color={STATUS_COLOURS[token.status]} data-testid="api-token-status">
              {API_TOKEN_STATUS_LABELS[token.status]}
            </Tag>
          </Space>
        }
        description={
          <div className={css.details}>
            <Space wrap size={4}>
              <Typography.Text code>{token.hint}</Typography.Text>
              {token.scopes.map((scope) => (
                <Tag key={scope}>{scope}</Tag>
              ))}
            </Space>
            <span>
              {t('apiTokens.created', {
                date: formatFileDate(token.createdAt),
                name: token.createdBy ?? '—',
              })}
            </span>
            <span>
              {token.expiresAt
                ? t('apiTokens.expiresOn', { date: formatFileDate(token.expiresAt) })
                : t('apiTokens.noExpiry')}
            </span>
            <span>
              {token.lastUsedAt
                ? t('apiTokens.lastUsed', {
                    date: formatFileDate(token.lastUsedAt),
                    address: token.lastUsedAddress ?? '—',
                  })
                : t('apiTokens.neverUsed')}
            </span>
            {token.revokedAt && (
              <span>
                {t('apiTokens.revokedOn', {
                  date: formatFileDate(token.revokedAt),
                  name: token.revokedBy ?? '—',
                })}
              </span>
            )}
          </div>
        }
      />
    </List.Item>
  );
}

export default function ApiTokensPage() {
  const { t } = useTranslation();
  const tokens = useQuery(apiTokensQuery());
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  return (
    <div className="page api-tokens-page" data-testid="api-tokens-page">
      <header className="page-header">
        <Typography.Title level={3} className="page-title">
          {t('apiTokens.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('apiTokens.subtitle')}</Typography.Text>
        <div>
          <Link to="/home/supplierSpend/goals">{t('goals.title')}</Link>
          {' · '}
          <a href="/api/docs" target="_blank" rel="noreferrer">
            {t('apiTokens.docs')}
          </a>
        </div>
      </header>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <CreateCard onCreated={setCreated} />
        <Card size="small" title={t('apiTokens.list')}>
          <List
            loading={tokens.isPending}
            locale={{ emptyText: t('apiTokens.none') }}
            dataSource={tokens.data ?? []}
            renderItem={(token) => <TokenItem token={token} />}
            data-testid="api-token-list"
          />
        </Card>
      </Space>
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
