import { Alert, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signinSchema, type SigninInput } from '@spotzcity/shared/auth';
import { zodRule } from '../../components/form-rules.ts';
import type { LoginNotice } from '../../components/login-notice.ts';
import { useSignIn } from './api/sign-in.ts';
import { AuthError, AuthForm } from './components/auth-form.tsx';
import { AuthLayout } from './components/auth-layout.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { notice, tone = 'success' } = (location.state as LoginNotice | null) ?? {};
  const [form] = Form.useForm<SigninInput>();
  const signIn = useSignIn();

  const submit = (values: SigninInput) => {
    signIn.mutate(
      { usernameOrEmail: values.usernameOrEmail.trim(), password: values.password },
      { onSuccess: () => void navigate('/home', { replace: true }) },
    );
  };

  return (
    <AuthLayout>
      <Typography.Title level={2} className="auth-title">
        {t('auth.signInTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="auth-subtitle">
        {t('auth.signInSubtitle')}
      </Typography.Paragraph>

      <AuthError error={signIn.error} testId="login-error" />
      {!signIn.isError && notice && (
        <Alert
          type={tone}
          showIcon
          title={notice}
          className="auth-alert"
          data-testid="login-notice"
        />
      )}

      <AuthForm
        form={form}
        request={signIn}
        onFinish={submit}
        submitLabel={t('auth.signIn')}
        submitTestId="login-submit"
        data-testid="login-form"
      >
        <Form.Item
          name="usernameOrEmail"
          label={t('auth.email')}
          rules={[zodRule(signinSchema.shape.usernameOrEmail)]}
        >
          <Input
            inputMode="email"
            autoComplete="username"
            placeholder={t('auth.emailPlaceholder')}
            prefix={<MailOutlined />}
            data-testid="login-email"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[zodRule(signinSchema.shape.password)]}
        >
          <Input.Password
            autoComplete="current-password"
            placeholder={t('auth.passwordPlaceholder')}
            prefix={<LockOutlined />}
            data-testid="login-password"
          />
        </Form.Item>
        <div className="auth-row-end">
          <Link to="/forgot-password" data-testid="forgot-password-link">
            {t('auth.forgotPassword')}
          </Link>
        </div>
      </AuthForm>
    </AuthLayout>
  );
}
