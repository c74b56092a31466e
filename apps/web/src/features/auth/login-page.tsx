/**
 * The sign-in screen, in plain HTML and CSS: the first page most visitors see paints without
 * antd (Lighthouse ≥ 95 on /login). It behaves as the antd forms of the app do: a
 * field is checked when it loses focus (the shared zod schema's messages), an
 * invalid field again as the user types; the form is disabled while the request runs; the
 * server's error shows above the form and clears as soon as a field is edited.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SigninInput } from '@spotzcity/shared/auth';
import { pageAfterSignIn, type LoginNotice } from '../../components/login-notice.ts';
import { useSignIn } from './api/sign-in.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import css from './login-page.module.css';

type Field = keyof SigninInput;
const FIELDS: Field[] = ['usernameOrEmail', 'password'];

/** The shared schema (and zod) load after the first paint: no check is needed before a blur. */
const loadSchema = () => import('@spotzcity/shared/auth').then((m) => m.signinSchema);

async function check(field: Field, value: string): Promise<string | undefined> {
  const schema = await loadSchema();
  const result = await schema.shape[field].safeParseAsync(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { notice, tone = 'success', from } = (location.state as LoginNotice | null) ?? {};
  const signIn = useSignIn();
  const [values, setValues] = useState<SigninInput>({ usernameOrEmail: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  // The newest check of each field wins (checks are asynchronous).
  const checks = useRef<Record<Field, number>>({ usernameOrEmail: 0, password: 0 });
  const pending = signIn.isPending;
  const formId = useId();

  useEffect(() => void loadSchema(), []);

  const validate = async (field: Field, value: string) => {
    const run = ++checks.current[field];
    const message = await check(field, value);
    if (run === checks.current[field]) setErrors((e) => ({ ...e, [field]: message }));
    return message;
  };

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (signIn.isError) signIn.reset();
    if (errors[field]) void validate(field, value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = await Promise.all(FIELDS.map((f) => validate(f, values[f])));
    const firstInvalid = FIELDS.find((_, i) => found[i]);
    if (firstInvalid) {
      document.getElementById(`${formId}-${firstInvalid}`)?.focus();
      return;
    }
    signIn.mutate(
      { usernameOrEmail: values.usernameOrEmail.trim(), password: values.password },
      { onSuccess: () => void navigate(pageAfterSignIn(from), { replace: true }) },
    );
  };

  const inputProps = (field: Field) => {
    const id = `${formId}-${field}`;
    return {
      id,
      name: field,
      value: values[field],
      disabled: pending,
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': errors[field] ? `${id}-error` : undefined,
      className: css.input,
    };
  };

  return (
    <AuthLayout>
      <h1 className={css.title}>{t('auth.signInTitle')}</h1>
      <p className={css.subtitle}>{t('auth.signInSubtitle')}</p>

      {signIn.error && (
        <Notice tone="error" testId="login-error" role="alert">
          {signIn.error.message}
        </Notice>
      )}
      {!signIn.isError && notice && (
        <Notice tone={tone} testId="login-notice" role="status">
          {notice}
        </Notice>
      )}

      <form
        className={css.form}
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="login-form"
        aria-busy={pending || undefined}
      >
        <FormField
          id={`${formId}-usernameOrEmail`}
          label={t('auth.email')}
          error={errors.usernameOrEmail}
        >
          <span className={css.control}>
            <MailIcon />
            <input
              {...inputProps('usernameOrEmail')}
              onChange={(e) => change('usernameOrEmail', e.target.value)}
              onBlur={(e) => void validate('usernameOrEmail', e.target.value)}
              type="text"
              inputMode="email"
              autoComplete="username"
              placeholder={t('auth.emailPlaceholder')}
              data-testid="login-email"
              autoFocus
            />
          </span>
        </FormField>
        <FormField id={`${formId}-password`} label={t('auth.password')} error={errors.password}>
          <span className={css.control}>
            <LockIcon />
            <input
              {...inputProps('password')}
              onChange={(e) => change('password', e.target.value)}
              onBlur={(e) => void validate('password', e.target.value)}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder={t('auth.passwordPlaceholder')}
              data-testid="login-password"
            />
            <button
              type="button"
              className={css.reveal}
              onClick={() => setShowPassword((s) => !s)}
              aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
              aria-pressed={showPassword}
              disabled={pending}
            >
              <EyeIcon open={showPassword} />
            </button>
          </span>
        </FormField>
        <div className="auth-row-end">
          <Link to="/forgot-password" className={css.link} data-testid="forgot-password-link">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <button type="submit" className={css.submit} disabled={pending} data-testid="login-submit">
          {pending && <span className={css.spinner} aria-hidden />}
          {t('auth.signIn')}
        </button>
      </form>
    </AuthLayout>
  );
}

function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? `${css.field} ${css.invalid}` : css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className={css.fieldError} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function Notice({
  tone,
  testId,
  role,
  children,
}: {
  tone: 'success' | 'warning' | 'error';
  testId: string;
  role: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <div className={`${css.notice} ${css[tone]}`} data-testid={testId} role={role}>
      <svg className={css.noticeMark} width={16} height={16} viewBox="0 0 16 16" aria-hidden>
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path
          d={tone === 'success' ? 'm4.5 8.2 2.3 2.3 4.7-4.9' : 'M8 4.2v4.6M8 11.2v.6'}
          stroke="white"
          strokeWidth={1.8}
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      <span>{children}</span>
    </div>
  );
}

const icon = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  className: css.icon,
};

function MailIcon() {
  return (
    <svg {...icon}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg {...icon}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg {...icon}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="m4 4 16 16" />}
    </svg>
  );
}
