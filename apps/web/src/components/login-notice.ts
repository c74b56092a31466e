/**
 * A message handed over to the sign-in page (as router state) and shown once: the recovery
 * flow's "password changed" or "signed out of all devices" (success), or why the user was signed
 * out (warning). `from` is the page the user was on, opened again once they have signed in.
 */
export interface LoginNotice {
  notice?: string;
  tone?: 'success' | 'warning';
  from?: string;
}

/**
 * Where to go after signing in: the page the user was sent away from when it is a page of this
 * app (a path, never another site's address or the sign-in page itself), else the home page.
 */
export function pageAfterSignIn(from: string | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return '/home';
  }
  const path = from.split(/[?#]/)[0]!;
  return path === '/' || path === '/login' ? '/home' : from;
}
