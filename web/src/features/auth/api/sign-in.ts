import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { completeNewPasswordRequest, loginRequest } from '@sitewalk/shared/schemas/auth';
import { api } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.tsx';

/** `POST /api/auth/login`: signed in at once, or a temporary password to replace first. */
export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof loginRequest>) => api('auth.login', { body }),
    onSuccess: (answer) => {
      if (!answer.needsPasswordReset) startSession(queryClient, answer);
    },
  });
};

/** `POST /api/auth/complete-new-password`: the 'Password Reset Required' modal's save, which signs in. */
export const useCompleteNewPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof completeNewPasswordRequest>) =>
      api('auth.completeNewPassword', { body }),
    onSuccess: (session) => startSession(queryClient, session),
  });
};

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => api('auth.forgotPassword', { body: { email } }) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) => api('auth.resetPassword', { body }),
  });
