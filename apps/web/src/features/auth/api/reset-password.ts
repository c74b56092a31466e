import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export interface ResetPasswordInput {
  email: string;
  /** The new password (the spec names it `password`). */
  password: string;
  /** The single-use secret `verify/code` answered: the proof that the code was verified. */
  resetToken: string;
}

/**
 * Sets the new password with the secret of a verified code. Sent in the body, not the query
 * string the spec's client uses (the server takes both), so no URL ever holds the secret.
 */
export const resetPassword = (input: ResetPasswordInput) =>
  api.put<{ message: string }>('/api/auth/change/password', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
