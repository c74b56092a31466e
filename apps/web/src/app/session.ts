import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { clearSession, getToken } from '../api/token.ts';

/**
 * Log Out: asks the server to revoke the token (so that a copy of it is worthless), clears the
 * stored login details, opens /login and then drops every cached answer (after the signed-in
 * screens have unmounted, so nothing refetches without a token). The request reads the token
 * before the storage is cleared; whether it succeeds, the browser forgets the token.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (getToken()) void api.post('/api/auth/logout').catch(() => undefined);
    clearSession();
    void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
  }, [navigate, queryClient]);
}
