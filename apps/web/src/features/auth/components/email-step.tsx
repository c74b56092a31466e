import { Form, Input, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '@spotzcity/shared/auth';
import { zodRule } from '../../../components/form-rules.ts';
import { useRequestCode } from '../api/forgot-password.ts';
import { AuthError, AuthForm } from './auth-form.tsx';

interface EmailStepProps {
  initialEmail: string;
  onSent: (email: string, message: string) => void;
}

/** Step 1: the account's e-mail address. */
export function EmailStep({ initialEmail, onSent }: EmailStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const requestCode = useRequestCode();

  const submit = ({ email }: { email: string }) => {
    const address = email.trim();
    requestCode.mutate(address, { onSuccess: (reply) => onSent(address, reply.message) });
  };

  return (
    <div data-testid="forgot-step-email">
      <Typography.Paragraph type="secondary">{t('auth.emailStepHelp')}</Typography.Paragraph>
      <AuthError error={requestCode.error} testId="forgot-error" />
      <AuthForm
        form={form}
        request={requestCode}
        initialValues={{ email: initialEmail }}
        onFinish={submit}
        submitLabel={t('auth.sendCode')}
        submitTestId="forgot-send"
      >
        <Form.Item
          name="email"
          label={t('auth.email')}
          rules={[zodRule(forgotPasswordSchema.shape.email)]}
        >
          <Input
            inputMode="email"
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
            prefix={<MailOutlined />}
            data-testid="forgot-email"
            autoFocus
          />
        </Form.Item>
      </AuthForm>
    </div>
  );
}
