import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession } from '../api/token.ts';

/**
 * Log Out: clears the stored login details, opens /login and then drops every cached answer
 * (after the signed-in screens have unmounted, so nothing refetches without a token).
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
  }, [navigate, queryClient]);
}
