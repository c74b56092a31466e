import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export interface ResetPasswordInput {
  email: string;
  /** The new password (the spec names it `password`). */
  password: string;
}

/** Sets the new password of an e-mail whose code was verified in the last 10 minutes. */
export const resetPassword = ({ email, password }: ResetPasswordInput) =>
  api.put<{ message: string }>('/api/auth/change/password', undefined, {
    query: { password, email },
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
