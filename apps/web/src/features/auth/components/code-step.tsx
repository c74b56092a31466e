import { useState } from 'react';
import { Alert, Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { verifyCodeSchema } from '@spotzcity/shared/auth';
import { useRevalidateInvalid, zodRule } from '../../../components/form-rules.ts';
import { useRequestCode } from '../api/forgot-password.ts';
import { useVerifyCode } from '../api/verify-code.ts';
import { OtpInput } from './otp-input.tsx';

interface CodeStepProps {
  email: string;
  /** The server's answer to the code request, shown above the boxes. */
  notice?: string;
  onVerified: () => void;
}

/** Step 2: the six-digit code, with Resend Code. */
export function CodeStep({ email, notice: initialNotice, onVerified }: CodeStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const revalidate = useRevalidateInvalid(form);
  const verify = useVerifyCode();
  const resend = useRequestCode();
  const [notice, setNotice] = useState(initialNotice);
  const failure = verify.error ?? resend.error;

  const submit = ({ code }: { code: string }) => {
    resend.reset();
    verify.mutate({ email, code: code.trim() }, { onSuccess: onVerified });
  };

  const resendCode = () => {
    verify.reset();
    resend.mutate(email, {
      onSuccess: (reply) => {
        setNotice(reply.message);
        form.setFieldsValue({ code: '' });
      },
    });
  };

  return (
    <div data-testid="forgot-step-code">
      <Typography.Paragraph type="secondary">
        {t('auth.codeStepHelp', { email })}
      </Typography.Paragraph>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure.message}
          className="auth-alert"
          data-testid="forgot-error"
          role="alert"
        />
      ) : (
        notice && (
          <Alert
            type="info"
            showIcon
            title={notice}
            className="auth-alert"
            data-testid="forgot-notice"
          />
        )
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onValuesChange={(changed) => {
          if (verify.isError) verify.reset();
          revalidate(changed);
        }}
        onFinish={submit}
        disabled={verify.isPending}
        size="large"
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
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={verify.isPending}
          data-testid="verify-code"
        >
          {t('auth.verify')}
        </Button>
      </Form>
    </div>
  );
}
