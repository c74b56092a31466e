import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput } from '@spotzcity/shared/auth';
import { api } from '../../../api/client.ts';
import { profileQueryKey } from '../../../api/get-profile.ts';
import { setToken } from '../../../api/token.ts';

interface PasswordChangeReply {
  message: string;
  data: { accessToken: string };
}

export const changePassword = (input: PasswordChangeInput) =>
  api.put<PasswordChangeReply>('/api/users/password', input);

/**
 * The server invalidates every older token when the password changes, so the new token of the
 * answer replaces the stored one before anything else is requested.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      setToken(reply.data.accessToken);
      return queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
