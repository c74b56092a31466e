import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import { api } from '../../../api/client.ts';

export interface VerifyCodeInput {
  email: string;
  code: string;
}

export const verifyCode = ({ email, code }: VerifyCodeInput) =>
  api.post<Envelope<{ success: boolean; resetToken: string }>>('/api/auth/verify/code', {
    code,
    email,
  });

export const useVerifyCode = () => useMutation({ mutationFn: verifyCode });
