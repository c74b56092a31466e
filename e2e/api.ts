/**
 * The server's JSON API as the journeys call it besides the browser (to set data up or to check
 * it): a token from the sign-in endpoint, then calls with it. A call that is not answered 2xx
 * throws with the server's answer.
 */
export async function apiCall<T>(
  baseURL: string,
  method: string,
  path: string,
  token: string | null,
  body?: object,
): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const apiPost = <T>(baseURL: string, token: string | null, path: string, body: object) =>
  apiCall<T>(baseURL, 'POST', path, token, body);

/** Signs in through the API; the access token. */
export async function apiToken(baseURL: string, email: string, password: string) {
  const { accessToken } = await apiPost<{ accessToken: string }>(
    baseURL,
    null,
    '/api/auth/signin',
    { usernameOrEmail: email, password },
  );
  return accessToken;
}
