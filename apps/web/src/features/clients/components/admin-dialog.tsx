import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminCreateInput, ClientItem } from '@spotzcity/shared/clients';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useRevalidateInvalid, useSaveResult } from '../../../components/form-rules.ts';
import { useSaveAdmin } from '../api/save-admin.ts';
import { ClientField } from './client-field.tsx';

interface AdminDialogProps {
  /** The SUPER_ADMIN row being edited; none to add an admin. */
  admin?: ClientItem;
  onClose: () => void;
}

/** Add or edit a SpotzCity admin: client id, name and e-mail. */
export function AdminDialog({ admin, onClose }: AdminDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdminCreateInput>();
  const revalidate = useRevalidateInvalid(form);
  const save = useSaveAdmin();
  const saved = useSaveResult(form, onClose);

  const submit = (values: AdminCreateInput) => {
    save.mutate(
      {
        id: admin?.id,
        clientId: values.clientId.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
      },
      saved,
    );
  };

  return (
    <FormDialog
      name="admin"
      form={form}
      editing={Boolean(admin)}
      titles={{ add: t('clients.addAdminTitle'), edit: t('clients.editAdminTitle') }}
      addHint={t('clients.adminInvitationHint')}
      saving={save.isPending}
      initialValues={{
        clientId: admin?.clientId ?? '',
        name: admin?.name ?? '',
        email: admin?.email ?? '',
      }}
      onValuesChange={revalidate}
      onFinish={submit}
      onClose={onClose}
    >
      <ClientField name="clientId">
        <Input autoFocus data-testid="admin-clientId" />
      </ClientField>
      <ClientField name="name">
        <Input autoComplete="name" data-testid="admin-name" />
      </ClientField>
      <ClientField name="email">
        <Input inputMode="email" autoComplete="email" data-testid="admin-email" />
      </ClientField>
    </FormDialog>
  );
}
