import { Alert, Button, Form, Input, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '@spotzcity/shared/auth';
import { useRevalidateInvalid, zodRule } from '../../../components/form-rules.ts';
import { useRequestCode } from '../api/forgot-password.ts';

interface EmailStepProps {
  initialEmail: string;
  onSent: (email: string, message: string) => void;
}

/** Step 1: the account's e-mail address. */
export function EmailStep({ initialEmail, onSent }: EmailStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const revalidate = useRevalidateInvalid(form);
  const requestCode = useRequestCode();

  const submit = ({ email }: { email: string }) => {
    const address = email.trim();
    requestCode.mutate(address, { onSuccess: (reply) => onSent(address, reply.message) });
  };

  return (
    <div data-testid="forgot-step-email">
      <Typography.Paragraph type="secondary">{t('auth.emailStepHelp')}</Typography.Paragraph>
      {requestCode.isError && (
        <Alert
          type="error"
          showIcon
          title={requestCode.error.message}
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
        initialValues={{ email: initialEmail }}
        onValuesChange={(changed) => {
          if (requestCode.isError) requestCode.reset();
          revalidate(changed);
        }}
        onFinish={submit}
        disabled={requestCode.isPending}
        size="large"
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
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={requestCode.isPending}
          data-testid="forgot-send"
        >
          {t('auth.sendCode')}
        </Button>
      </Form>
    </div>
  );
}
