import { useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { AuditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClientItem } from '@spotzcity/shared/clients';
import { formatDate } from '@spotzcity/shared/format';
import { todayIso } from '@spotzcity/shared/validation';
import { useCurrentUser } from '../../api/get-profile.ts';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { useAlert } from '../../components/alert-modal.tsx';
import { DeleteAction } from '../../components/delete-action.tsx';
import { EditAction } from '../../components/edit-action.tsx';
import { clientsQueryKey, fetchClientsPage } from './api/get-clients.ts';
import { useDeleteClient } from './api/delete-client.ts';
import { AdminDialog } from './components/admin-dialog.tsx';
import { ClientDialog } from './components/client-dialog.tsx';

type Dialog = { kind: 'client' | 'admin'; row?: ClientItem } | null;

const TYPE_COLOURS = { BUYER: 'blue', SUPPLIER: 'green', SUPER_ADMIN: 'purple' } as const;

/**
 * /home/client: every organisation, with 'Add SpotzCity Admin' (createAdmin flag) and 'Add
 * Client' (createClient flag). SUPER_ADMIN rows open the admin dialog, others the client dialog.
 */
export default function ClientsPage() {
  const { t } = useTranslation();
  const alert = useAlert();
  const user = useCurrentUser();
  const flags = user.features.client;
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteClient();
  const today = todayIso();

  const canEdit = (row: ClientItem) =>
    row.type === 'SUPER_ADMIN' ? flags.createAdmin : flags.createClient;
  const canDelete = (row: ClientItem) =>
    row.clientId !== user.clientId &&
    (row.type === 'SUPER_ADMIN' ? flags.deleteAdmin : flags.deleteClient);

  const open = (row: ClientItem) =>
    setDialog({ kind: row.type === 'SUPER_ADMIN' ? 'admin' : 'client', row });

  const onDelete = (row: ClientItem) =>
    remove.mutateAsync(row.id).then(
      (reply) => alert.showSuccess(reply.message),
      (error: Error) => alert.showError(error.message),
    );

  const columns: TableColumnsType<ClientItem> = [
    {
      key: 'edit',
      width: 56,
      render: (_, row) =>
        canEdit(row) && (
          <EditAction
            label={t('clients.edit', { name: row.clientId })}
            onClick={() => open(row)}
            data-testid={`client-edit-${row.clientId}`}
          />
        ),
    },
    {
      key: 'clientId',
      title: t('clients.clientId'),
      dataIndex: 'clientId',
      width: 150,
      render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
    },
    { key: 'name', title: t('clients.name'), dataIndex: 'name', ellipsis: true },
    { key: 'email', title: t('clients.email'), dataIndex: 'email', ellipsis: true },
    {
      key: 'companyName',
      title: t('clients.companyName'),
      dataIndex: 'companyName',
      ellipsis: true,
    },
    {
      key: 'type',
      title: t('clients.type'),
      width: 190,
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={TYPE_COLOURS[row.type]} variant="filled">
            {t(`clients.types.${row.type}`)}
          </Tag>
          {row.contractEndAt && row.contractEndAt < today && (
            <Tag color="orange">{t('clients.contractEnded')}</Tag>
          )}
        </Space>
      ),
    },
    {
      // Which organisations can sign in, at a glance.
      key: 'status',
      title: t('clients.status'),
      width: 110,
      render: (_, row) =>
        row.status === 'DISABLE' ? (
          <Tooltip title={t('clients.disabledHelp')}>
            <Tag color="red" data-testid="client-disabled">
              {t('clients.disabled')}
            </Tag>
          </Tooltip>
        ) : (
          <Tag color="green" data-testid="client-active">
            {t('clients.active')}
          </Tag>
        ),
    },
    {
      key: 'createdAt',
      title: t('clients.createdAt'),
      width: 130,
      dataIndex: 'createdAt',
      render: (value: string) => formatDate(value),
    },
    {
      key: 'delete',
      width: 56,
      render: (_, row) =>
        canDelete(row) && (
          <DeleteAction
            label={t('clients.deleteLabel')}
            name={row.clientId}
            onConfirm={() => onDelete(row)}
            data-testid={`client-delete-${row.clientId}`}
          />
        ),
    },
  ];

  return (
    <AdminListPage<ClientItem>
      name="clients"
      title={t('clients.title')}
      subtitle={t('clients.subtitle')}
      actions={
        <Space wrap>
          {user.role === 'ROLE_SUPER_USER' && (
            <Link to="/home/audit">
              <Button icon={<AuditOutlined />} data-testid="open-audit">
                {t('clients.auditLog')}
              </Button>
            </Link>
          )}
          {flags.createAdmin && (
            <Button
              icon={<SafetyOutlined />}
              onClick={() => setDialog({ kind: 'admin' })}
              data-testid="add-admin"
            >
              {t('clients.addAdmin')}
            </Button>
          )}
          {flags.createClient && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: 'client' })}
              data-testid="add-client"
            >
              {t('clients.addClient')}
            </Button>
          )}
        </Space>
      }
      queryKey={clientsQueryKey}
      fetchPage={fetchClientsPage}
      columns={columns}
      rowKey="id"
    >
      {dialog?.kind === 'client' && (
        <ClientDialog
          client={dialog.row}
          allowAdminType={flags.createAdmin}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'admin' && (
        <AdminDialog admin={dialog.row} onClose={() => setDialog(null)} />
      )}
    </AdminListPage>
  );
}
