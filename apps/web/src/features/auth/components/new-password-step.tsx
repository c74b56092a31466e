import { Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { recoveryPasswordFormSchema } from '@spotzcity/shared/auth';
import { zodFieldRule } from '../../../components/form-rules.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthError, AuthForm } from './auth-form.tsx';

interface NewPasswordValues {
  newPassword: string;
  /** The confirmation (named `password` in the spec). */
  password: string;
}

interface NewPasswordStepProps {
  email: string;
  /** The secret of the verified code (from the code step). */
  resetToken: string;
  onDone: (message: string) => void;
}

/** Step 3: the new password and its confirmation. */
export function NewPasswordStep({ email, resetToken, onDone }: NewPasswordStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewPasswordValues>();
  const reset = useResetPassword();

  const submit = ({ newPassword }: NewPasswordValues) => {
    reset.mutate(
      { email, password: newPassword, resetToken },
      { onSuccess: (reply) => onDone(reply.message) },
    );
  };

  return (
    <div data-testid="forgot-step-password">
      <Typography.Paragraph type="secondary">
        {t('auth.passwordStepHelp', { email })}
      </Typography.Paragraph>
      <AuthError error={reset.error} testId="forgot-error" />
      <AuthForm
        form={form}
        request={reset}
        onFinish={submit}
        submitLabel={t('auth.resetPassword')}
        submitTestId="forgot-reset"
      >
        <Form.Item
          name="newPassword"
          label={t('auth.newPassword')}
          rules={[zodFieldRule(recoveryPasswordFormSchema, 'newPassword')]}
        >
          <Input.Password
            autoComplete="new-password"
            prefix={<LockOutlined />}
            data-testid="forgot-new-password"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.confirmPassword')}
          dependencies={['newPassword']}
          rules={[zodFieldRule(recoveryPasswordFormSchema, 'password')]}
        >
          <Input.Password
            autoComplete="new-password"
            prefix={<LockOutlined />}
            data-testid="forgot-confirm-password"
          />
        </Form.Item>
      </AuthForm>
    </div>
  );
}
