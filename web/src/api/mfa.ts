import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';

const statusKey = (id: number) => queryKeyOf('auth.mfaStatus', { params: { id } });

/** Whether the user has two-step verification on, and whether their role must use it. */
export const useMfaStatus = (id: number, enabled = true) =>
  useQuery({
    queryKey: statusKey(id),
    queryFn: ({ signal }) => api('auth.mfaStatus', { params: { id }, signal }),
    enabled,
  });

/** A new authenticator key for the signed-in user (never cached: it is a secret). */
export const useStartMfaSetup = () => useMutation({ mutationFn: () => api('auth.mfaAssociate') });

/** A code of the new key turns two-step verification on. */
export const useVerifyMfa = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('auth.mfaVerify', { body: { code } }),
    onSuccess: (status) => queryClient.setQueryData(statusKey(id), status),
  });
};

/** A superior turns off a user's two-step verification (a lost phone). */
export const useResetMfa = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('auth.mfaReset', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey(id) }),
  });
};
