/**
 * A message handed over to the sign-in page (as router state) and shown once: the recovery
 * flow's "password changed" or "signed out of all devices" (success), or why the user was signed
 * out (warning).
 */
export interface LoginNotice {
  notice?: string;
  tone?: 'success' | 'warning';
}
