/** The access token lives in local storage; logging out clears all of it. */
const TOKEN_KEY = 'accessToken';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export const hasToken = () => Boolean(getToken());

/** Log-out and 401 both clear everything the app stored, not just the token. */
export function clearSession(): void {
  try {
    localStorage.clear();
  } catch {
    // Storage can be unavailable (private mode); there is then nothing to clear.
  }
}
