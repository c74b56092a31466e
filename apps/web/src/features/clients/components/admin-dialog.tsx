import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminCreateSchema,
  type AdminCreateInput,
  type ClientItem,
} from '@spotzcity/shared/clients';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useRevalidateInvalid, useSaveResult, zodRule } from '../../../components/form-rules.ts';
import { useSaveAdmin } from '../api/save-admin.ts';

interface AdminDialogProps {
  /** The SUPER_ADMIN row being edited; none to add an admin. */
  admin?: ClientItem;
  onClose: () => void;
}

const rules = adminCreateSchema.shape;

/** Add or edit a SpotzCity admin: client id, name and e-mail (spec 01 point 3). */
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
      <Form.Item
        name="clientId"
        label={t('clients.clientId')}
        required
        rules={[zodRule(rules.clientId)]}
      >
        <Input autoFocus data-testid="admin-clientId" />
      </Form.Item>
      <Form.Item name="name" label={t('clients.name')} required rules={[zodRule(rules.name)]}>
        <Input autoComplete="name" data-testid="admin-name" />
      </Form.Item>
      <Form.Item name="email" label={t('clients.email')} required rules={[zodRule(rules.email)]}>
        <Input inputMode="email" autoComplete="email" data-testid="admin-email" />
      </Form.Item>
    </FormDialog>
  );
}
