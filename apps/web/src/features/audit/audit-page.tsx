import { Button, Flex, Result, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuditItem } from '@spotzcity/shared/audit';
import { formatMoment } from '@spotzcity/shared/format';
import { useCurrentUser } from '../../api/get-profile.ts';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { auditQueryKey, fetchAuditPage } from './api/get-audit.ts';

const ACTION_COLOURS = {
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  REVOKE: 'red',
  USE: 'gold',
} as const;

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** The fields a change touched, each as `field: before → after`. */
function Changes({ entry }: { entry: AuditItem }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => entry.action !== 'DELETE' || field === 'deletedAt',
  );
  return (
    <ul className="audit-changes">
      {fields.map((field) => (
        <li key={field}>
          <Typography.Text type="secondary">{field}</Typography.Text>{' '}
          {entry.action === 'UPDATE' || entry.action === 'DELETE' ? (
            <>
              <del>{show(before[field])}</del> → <ins>{show(after[field])}</ins>
            </>
          ) : (
            show(after[field])
          )}
        </li>
      ))}
    </ul>
  );
}

/** /home/audit: who created, changed or deleted which client or user (Super Users only). */
export default function AuditPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();

  if (me.role !== 'ROLE_SUPER_USER') {
    return <Result status="403" subTitle={t('audit.superUserOnly')} />;
  }

  const columns: TableColumnsType<AuditItem> = [
    {
      key: 'at',
      title: t('audit.at'),
      dataIndex: 'at',
      width: 170,
      render: (value: string) => formatMoment(value),
    },
    {
      key: 'actor',
      title: t('audit.actor'),
      render: (_, row) => (
        <Flex vertical>
          <span>{row.actorName}</span>
          <Typography.Text type="secondary">{row.actorEmail}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'action',
      title: t('audit.action'),
      width: 110,
      render: (_, row) => (
        <Tag color={ACTION_COLOURS[row.action]}>{t(`audit.actions.${row.action}`)}</Tag>
      ),
    },
    {
      key: 'record',
      title: t('audit.record'),
      render: (_, row) => (
        <span>
          {t(`audit.entities.${row.entity}`)} #{row.entityId}
          {row.clientId && <Typography.Text type="secondary"> · {row.clientId}</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'changes',
      title: t('audit.changes'),
      render: (_, row) => <Changes entry={row} />,
    },
  ];

  return (
    <AdminListPage<AuditItem>
      name="audit"
      title={t('audit.title')}
      subtitle={t('audit.subtitle')}
      actions={
        <Link to="/home/client">
          <Button icon={<ArrowLeftOutlined />}>{t('audit.back')}</Button>
        </Link>
      }
      queryKey={auditQueryKey}
      fetchPage={fetchAuditPage}
      columns={columns}
      rowKey="id"
    />
  );
}
