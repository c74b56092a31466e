import { useState } from 'react';
import { Steps, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { forgotPasswordSchema } from '@spotzcity/shared/auth';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './components/auth-layout.tsx';
import { CodeStep } from './components/code-step.tsx';
import { EmailStep } from './components/email-step.tsx';
import { NewPasswordStep } from './components/new-password-step.tsx';
import type { LoginNotice } from '../../components/login-notice.ts';

type Step = 'email' | 'code' | 'password';
const STEPS: Step[] = ['email', 'code', 'password'];

interface RecoveryState {
  step: Step;
  email: string;
  notice?: string;
  /** From the verified code to the new password: the proof the server asks for. */
  resetToken?: string;
}

/**
 * Password recovery: e-mail, then the code, then the new password, then back to login. The state
 * lives in this page only, so leaving the flow forgets it.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The link of an invitation mail (…/forgot-password?email=…&invitation=1) opens the code step:
  // the code is in the mail, asking for another would replace it.
  const invited =
    params.get('invitation') === '1' &&
    forgotPasswordSchema.safeParse({ email: params.get('email') }).success;
  const [state, setState] = useState<RecoveryState>(() =>
    invited
      ? { step: 'code', email: params.get('email') ?? '', notice: t('auth.invitationNotice') }
      : { step: 'email', email: '' },
  );

  const finish = (message: string) => {
    const notice: LoginNotice = { notice: message };
    void navigate('/login', { replace: true, state: notice });
  };

  return (
    <AuthLayout>
      <Typography.Title level={2} className="auth-title">
        {invited ? t('auth.invitationTitle') : t('auth.forgotTitle')}
      </Typography.Title>
      <Steps
        size="small"
        current={STEPS.indexOf(state.step)}
        className="auth-steps"
        items={[
          { title: t('auth.stepEmail') },
          { title: t('auth.stepCode') },
          { title: t('auth.stepPassword') },
        ]}
      />
      {state.step === 'email' && (
        <EmailStep
          initialEmail={state.email}
          onSent={(email, notice) => setState({ step: 'code', email, notice })}
        />
      )}
      {state.step === 'code' && (
        <CodeStep
          email={state.email}
          notice={state.notice}
          onVerified={(resetToken) =>
            setState({ step: 'password', email: state.email, resetToken })
          }
        />
      )}
      {state.step === 'password' && state.resetToken && (
        <NewPasswordStep email={state.email} resetToken={state.resetToken} onDone={finish} />
      )}
      <div className="auth-back">
        <Link to="/login" data-testid="back-to-login">
          <ArrowLeftOutlined /> {t('auth.backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
