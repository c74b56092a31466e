import { useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@spotzcity/shared/format';
import { ROLE_LABELS } from '@spotzcity/shared/permissions';
import type { UserItem } from '@spotzcity/shared/users';
import { useCurrentUser } from '../../api/get-profile.ts';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { useAlert } from '../../components/alert-modal.tsx';
import { DeleteAction } from '../../components/delete-action.tsx';
import { EditAction } from '../../components/edit-action.tsx';
import { useDeleteUser } from './api/delete-user.ts';
import { fetchUsersPage, usersQueryKey } from './api/get-users.ts';
import { UserDialog } from './components/user-dialog.tsx';

type Dialog = { row?: UserItem } | null;

/** /home/users: the users this account administers, with 'Add User' and edit/delete per row. */
export default function UsersPage() {
  const { t } = useTranslation();
  const alert = useAlert();
  const me = useCurrentUser();
  const flags = me.features.user;
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteUser();

  const onDelete = (row: UserItem) =>
    remove.mutateAsync(row.id).then(
      (reply) => alert.showSuccess(reply.message),
      (error: Error) => alert.showError(error.message),
    );

  const columns: TableColumnsType<UserItem> = [
    {
      key: 'edit',
      width: 56,
      render: (_, row) =>
        flags.addEdit && (
          <EditAction
            label={t('users.edit', { name: row.name })}
            onClick={() => setDialog({ row })}
            data-testid={`user-edit-${row.email}`}
          />
        ),
    },
    {
      key: 'clientId',
      title: t('users.clientId'),
      dataIndex: 'clientId',
      width: 150,
      render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
    },
    {
      key: 'name',
      title: t('users.name'),
      render: (_, row) => (
        <Space size={6} wrap>
          <span>{row.name}</span>
          {row.id === me.id && <Tag color="blue">{t('users.you')}</Tag>}
        </Space>
      ),
    },
    {
      // Who can sign in and who cannot yet or any more, at a glance.
      key: 'status',
      title: t('users.status'),
      width: 110,
      render: (_, row) =>
        row.status === 'INVITED' ? (
          <Tooltip title={t('users.invitedHelp')}>
            <Tag color="gold" data-testid="user-invited">
              {t('users.invited')}
            </Tag>
          </Tooltip>
        ) : row.status === 'DISABLED' ? (
          <Tooltip title={t('users.disabledHelp')}>
            <Tag color="red" data-testid="user-disabled">
              {t('users.disabled')}
            </Tag>
          </Tooltip>
        ) : (
          <Tag color="green" data-testid="user-active">
            {t('users.active')}
          </Tag>
        ),
    },
    {
      key: 'role',
      title: t('users.role'),
      width: 130,
      render: (_, row) => <Tag variant="filled">{ROLE_LABELS[row.role]}</Tag>,
    },
    { key: 'emailId', title: t('users.emailId'), dataIndex: 'emailId', ellipsis: true },
    {
      key: 'companyName',
      title: t('users.companyName'),
      dataIndex: 'companyName',
      ellipsis: true,
    },
    {
      key: 'dateCreated',
      title: t('users.dateCreated'),
      width: 130,
      dataIndex: 'dateCreated',
      render: (value: string) => formatDate(value),
    },
    {
      key: 'delete',
      width: 56,
      render: (_, row) =>
        flags.deleteUser &&
        row.id !== me.id && (
          <DeleteAction
            label={t('users.deleteLabel')}
            name={row.name}
            onConfirm={() => onDelete(row)}
            data-testid={`user-delete-${row.email}`}
          />
        ),
    },
  ];

  return (
    <AdminListPage<UserItem>
      name="users"
      title={t('users.title')}
      subtitle={t('users.subtitle')}
      actions={
        flags.addEdit && (
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setDialog({})}
            data-testid="add-user"
          >
            {t('users.addUser')}
          </Button>
        )
      }
      queryKey={usersQueryKey}
      fetchPage={fetchUsersPage}
      columns={columns}
      rowKey="id"
    >
      {dialog && <UserDialog user={dialog.row} onClose={() => setDialog(null)} />}
    </AdminListPage>
  );
}
