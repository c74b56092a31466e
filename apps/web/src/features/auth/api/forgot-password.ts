import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import { api } from '../../../api/client.ts';

type SuccessFlag = Envelope<{ success: boolean }>;

/** Sends (or re-sends) the 6-digit recovery code; the answer is the same for unknown e-mails. */
export const requestCode = (email: string) =>
  api.post<SuccessFlag>('/api/auth/forgot/pwd', undefined, { query: { email } });

export const useRequestCode = () => useMutation({ mutationFn: requestCode });
