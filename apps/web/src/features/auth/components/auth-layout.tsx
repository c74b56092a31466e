import type { ReactNode } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo.tsx';

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
                <CheckCircleFilled /> {point}
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
