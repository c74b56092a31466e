import { Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { passwordChangeSchema, type PasswordChangeInput } from '@spotzcity/shared/auth';
import { useAlert } from '../../../components/alert-modal.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import { useRevalidateInvalid, zodFieldRule } from '../../../components/form-rules.ts';
import { useChangePassword } from '../api/change-password.ts';

interface PasswordFormProps {
  onCancel: () => void;
  onDone: () => void;
}

/**
 * Reset-password mode of the profile page: all three fields are required, and then only the
 * password change is sent. Its error shows in red under the form.
 */
export function PasswordForm({ onCancel, onDone }: PasswordFormProps) {
  const { t } = useTranslation();
  const alert = useAlert();
  const [form] = Form.useForm<PasswordChangeInput>();
  const revalidate = useRevalidateInvalid(form);
  const change = useChangePassword();

  const submit = (values: PasswordChangeInput) => {
    // A failure is shown once, in red under the form, not on the fields.
    change.mutate(values, {
      onSuccess: (reply) => {
        form.resetFields();
        alert.showSuccess(reply.message);
        onDone();
      },
    });
  };

  const field = (name: keyof PasswordChangeInput, label: string, autoComplete: string) => (
    <Form.Item
      name={name}
      label={label}
      required
      rules={[zodFieldRule(passwordChangeSchema, name)]}
      dependencies={name === 'confirmPassword' ? ['newPassword'] : undefined}
    >
      <Input.Password
        prefix={<LockOutlined />}
        autoComplete={autoComplete}
        data-testid={`password-${name}`}
        autoFocus={name === 'oldPassword'}
      />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      name="password"
      layout="vertical"
      validateTrigger="onBlur"
      onValuesChange={(changed: Partial<PasswordChangeInput>) => {
        if (change.isError) change.reset();
        revalidate(changed);
      }}
      onFinish={submit}
      disabled={change.isPending}
      className="password-form"
      data-testid="password-form"
    >
      {field('oldPassword', t('profile.oldPassword'), 'current-password')}
      {field('newPassword', t('profile.newPassword'), 'new-password')}
      {field('confirmPassword', t('profile.confirmPassword'), 'new-password')}
      {change.isError && (
        <Typography.Paragraph type="danger" role="alert" data-testid="password-error">
          {change.error.message}
        </Typography.Paragraph>
      )}
      <FormFooter
        className="form-actions form-actions-end"
        saving={change.isPending}
        submitLabel={t('profile.update')}
        submitTestId="password-update"
        cancel={{ label: t('profile.cancel'), onClick: onCancel, testId: 'password-cancel' }}
      />
    </Form>
  );
}
