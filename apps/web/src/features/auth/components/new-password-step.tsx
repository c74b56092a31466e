import { Alert, Button, Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { recoveryPasswordFormSchema } from '@spotzcity/shared/auth';
import { useRevalidateInvalid, zodFieldRule } from '../../../components/form-rules.ts';
import { useResetPassword } from '../api/reset-password.ts';

interface NewPasswordValues {
  newPassword: string;
  /** The confirmation (named `password` in the spec). */
  password: string;
}

interface NewPasswordStepProps {
  email: string;
  onDone: (message: string) => void;
}

/** Step 3: the new password and its confirmation. */
export function NewPasswordStep({ email, onDone }: NewPasswordStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewPasswordValues>();
  const revalidate = useRevalidateInvalid(form);
  const reset = useResetPassword();

  const submit = ({ newPassword }: NewPasswordValues) => {
    reset.mutate({ email, password: newPassword }, { onSuccess: (reply) => onDone(reply.message) });
  };

  return (
    <div data-testid="forgot-step-password">
      <Typography.Paragraph type="secondary">
        {t('auth.passwordStepHelp', { email })}
      </Typography.Paragraph>
      {reset.isError && (
        <Alert
          type="error"
          showIcon
          title={reset.error.message}
          className="auth-alert"
          data-testid="forgot-error"
          role="alert"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onValuesChange={(changed) => {
          if (reset.isError) reset.reset();
          revalidate(changed);
        }}
        onFinish={submit}
        disabled={reset.isPending}
        size="large"
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
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={reset.isPending}
          data-testid="forgot-reset"
        >
          {t('auth.resetPassword')}
        </Button>
      </Form>
    </div>
  );
}
