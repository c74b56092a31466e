import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** Ends every session of the account on the server, this one included. */
export const signOutEverywhere = () => api.post<{ message: string }>('/api/auth/logout/all');

export const useSignOutEverywhere = () => useMutation({ mutationFn: signOutEverywhere });
