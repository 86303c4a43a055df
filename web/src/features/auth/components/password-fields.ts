import { z } from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { password } from '@sitewalk/shared/schemas/common';

/** A new password and its confirmation: the shared rule, and 'Passwords do not match'. */
export const newPasswordForm = z
  .object({ password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.password.mismatch,
  });

export type NewPasswordForm = z.input<typeof newPasswordForm>;
