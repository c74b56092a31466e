import logoUrl from '../assets/logo.svg';
import markUrl from '../assets/logo-mark.svg';

interface LogoProps {
  /** `dark` draws dark text for light backgrounds; `light` draws white text for dark ones. */
  tone?: 'dark' | 'light';
  height?: number;
  /** The mark alone (collapsed sidebar, loader). */
  markOnly?: boolean;
}

export function Logo({ tone = 'dark', height = 32, markOnly = false }: LogoProps) {
  if (markOnly) {
    return <img src={markUrl} alt="SpotzCity" height={height} width={height} className="logo" />;
  }
  if (tone === 'dark') {
    return (
      <img
        src={logoUrl}
        alt="SpotzCity"
        height={height}
        width={Math.round((height * 196) / 48)}
        className="logo"
      />
    );
  }
  return (
    <span className="logo logo-light" style={{ height }} role="img" aria-label="SpotzCity">
      <img src={markUrl} alt="" height={height} width={height} />
      <span className="logo-wordmark" style={{ fontSize: height * 0.56 }} aria-hidden>
        Spotz<span className="logo-wordmark-accent">City</span>
      </span>
    </span>
  );
}
