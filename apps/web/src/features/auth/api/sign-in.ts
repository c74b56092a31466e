import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SigninReply } from '@spotzcity/shared/api';
import type { SigninInput } from '@spotzcity/shared/auth';
import { api } from '../../../api/client.ts';
import { profileQueryKey } from '../../../api/get-profile.ts';
import { setToken } from '../../../api/token.ts';

export const signIn = (input: SigninInput) => api.post<SigninReply>('/api/auth/signin', input);

/** Stores the token of a successful sign-in; the previous session's profile is dropped. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (reply) => {
      setToken(reply.accessToken);
      queryClient.removeQueries({ queryKey: profileQueryKey });
    },
  });
}
