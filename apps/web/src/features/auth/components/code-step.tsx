import { useState } from 'react';
import { Alert, Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { verifyCodeSchema } from '@spotzcity/shared/auth';
import { zodRule } from '../../../components/form-rules.ts';
import { useRequestCode } from '../api/forgot-password.ts';
import { useVerifyCode } from '../api/verify-code.ts';
import { AuthError, AuthForm } from './auth-form.tsx';
import { OtpInput } from './otp-input.tsx';

interface CodeStepProps {
  email: string;
  /** The server's answer to the code request, shown above the boxes. */
  notice?: string;
  /** Called with the secret that lets the next step set the password. */
  onVerified: (resetToken: string) => void;
}

/** Step 2: the six-digit code, with Resend Code. */
export function CodeStep({ email, notice: initialNotice, onVerified }: CodeStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const verify = useVerifyCode();
  const resend = useRequestCode();
  const [notice, setNotice] = useState(initialNotice);
  const failure = verify.error ?? resend.error;

  const submit = ({ code }: { code: string }) => {
    resend.reset();
    verify.mutate(
      { email, code: code.trim() },
      { onSuccess: (reply) => onVerified(reply.data.resetToken) },
    );
  };

  const resendCode = () => {
    verify.reset();
    resend.mutate(email, {
      onSuccess: () => {
        // Not the first send's answer again: the user must see that something happened.
        setNotice(t('auth.codeResent'));
        form.setFieldsValue({ code: '' });
      },
    });
  };

  return (
    <div data-testid="forgot-step-code">
      <Typography.Paragraph type="secondary">
        {t('auth.codeStepHelp', { email })}
      </Typography.Paragraph>
      <AuthError error={failure} testId="forgot-error" />
      {!failure && notice && (
        <Alert
          type="info"
          showIcon
          title={notice}
          className="auth-alert"
          data-testid="forgot-notice"
        />
      )}
      <AuthForm
        form={form}
        request={verify}
        onFinish={submit}
        submitLabel={t('auth.verify')}
        submitTestId="verify-code"
      >
        <Form.Item
          name="code"
          label={t('auth.code')}
          rules={[zodRule(verifyCodeSchema.shape.code)]}
          validateTrigger={[]}
        >
          <OtpInput autoFocus />
        </Form.Item>
        <div className="auth-row-end">
          <Button
            type="link"
            size="middle"
            onClick={resendCode}
            loading={resend.isPending}
            className="auth-inline-link"
            data-testid="resend-code"
          >
            {t('auth.resendCode')}
          </Button>
        </div>
      </AuthForm>
    </div>
  );
}
