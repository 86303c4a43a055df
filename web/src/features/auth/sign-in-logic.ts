import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { forgotPasswordRequest, loginRequest, mfaCode } from '@sitewalk/shared/schemas/auth';
import { password } from '@sitewalk/shared/schemas/common';

export { authApi } from '../../api/auth-client.ts';

/**
 * What the sign-in pages need only once someone uses a form: zod with the shared schemas (the forms hold
 * the API's rules) and the contract's client. They are a third of these pages' JavaScript, so they load on
 * the first key or pointer press in a form (load-sign-in-logic.ts), not with the page.
 */

/** The API's login body, with 'required' said first for an empty e-mail. */
const loginForm = loginRequest.extend({
  email: z.string().trim().min(1, 'Email is required').pipe(loginRequest.shape.email),
});
export type LoginForm = z.input<typeof loginForm>;
export type LoginValues = z.output<typeof loginForm>;

const resetRequestForm = forgotPasswordRequest.extend({
  email: z.string().trim().min(1, 'Email is required').pipe(forgotPasswordRequest.shape.email),
});
export type ResetRequestForm = z.input<typeof resetRequestForm>;
export type ResetRequestValues = z.output<typeof resetRequestForm>;

/** A new password and its confirmation: the shared rule, and 'Passwords do not match'. */
const newPasswordForm = z
  .object({ password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.password.mismatch,
  });
export type NewPasswordForm = z.input<typeof newPasswordForm>;

/** The authenticator app's code (spaces dropped). */
const mfaCodeForm = z.object({ code: mfaCode });
export type MfaCodeForm = z.input<typeof mfaCodeForm>;
export type MfaCodeValues = z.output<typeof mfaCodeForm>;

export const resolvers = {
  mfaCode: zodResolver(mfaCodeForm),
  login: zodResolver(loginForm),
  resetRequest: zodResolver(resetRequestForm),
  newPassword: zodResolver(newPasswordForm),
};
