import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminCreateSchema,
  type AdminCreateInput,
  type ClientItem,
} from '@spotzcity/shared/clients';
import { ApiError } from '../../../api/client.ts';
import { useAlert } from '../../../components/alert-modal.tsx';
import { applyFieldErrors, useRevalidateInvalid, zodRule } from '../../../components/form-rules.ts';
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
  const alert = useAlert();
  const [form] = Form.useForm<AdminCreateInput>();
  const revalidate = useRevalidateInvalid(form);
  const save = useSaveAdmin();

  const submit = (values: AdminCreateInput) => {
    save.mutate(
      {
        id: admin?.id,
        clientId: values.clientId.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
      },
      {
        onSuccess: (reply) => {
          onClose();
          alert.showSuccess(reply.message);
        },
        onError: (error) => {
          if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors);
          alert.showError(error.message);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={admin ? t('clients.editAdminTitle') : t('clients.addAdminTitle')}
      onCancel={onClose}
      okText={t('clients.save')}
      cancelText={t('clients.cancel')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ ...{ 'data-testid': 'admin-save' } }}
      maskClosable={false}
    >
      {!admin && (
        <Alert
          type="info"
          showIcon
          title={t('clients.adminInvitationHint')}
          className="dialog-hint"
        />
      )}
      <Form
        form={form}
        name="admin"
        data-testid="admin-dialog"
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{
          clientId: admin?.clientId ?? '',
          name: admin?.name ?? '',
          email: admin?.email ?? '',
        }}
        onValuesChange={revalidate}
        onFinish={submit}
        disabled={save.isPending}
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
      </Form>
    </Modal>
  );
}
