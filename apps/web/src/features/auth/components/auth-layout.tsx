import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo.tsx';

/** The brand panel's tick: an SVG, no icon library (the sign-in page paints without antd). */
function CheckMark() {
  return (
    <svg className="auth-brand-tick" width={18} height={18} viewBox="0 0 18 18" aria-hidden>
      <circle cx="9" cy="9" r="9" fill="currentColor" />
      <path d="m5 9.3 2.6 2.6L13 6.5" stroke="var(--navy)" strokeWidth={2} fill="none" />
    </svg>
  );
}

/** The sign-in and recovery screens: a brand panel beside a form card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const points = [t('auth.brandPoint1'), t('auth.brandPoint2'), t('auth.brandPoint3')];
  return (
    <div className="auth-page">
      <aside className="auth-brand" aria-hidden>
        <Logo tone="light" height={40} />
        <div className="auth-brand-copy">
          <h2>{t('auth.brandTitle')}</h2>
          <p>{t('auth.brandBody')}</p>
          <ul>
            {points.map((point) => (
              <li key={point}>
                <CheckMark /> {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-brand-footer">{t('app.copyright')}</div>
      </aside>
      <main className="auth-panel">
        <div className="auth-card">
          <div className="auth-card-logo">
            <Logo height={36} />
          </div>
          {children}
        </div>
        <footer className="auth-footer">{t('app.copyright')}</footer>
      </main>
    </div>
  );
}
