import * as z from 'zod';
import { AUTH_SESSION_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH, RESET_TOKEN_MAX_LENGTH } from '../constants.ts';
import { email, password, id } from './common.ts';
import { user } from './user.ts';

export const loginRequest = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(LOGIN_PASSWORD_MAX_LENGTH),
});

export const loginResponse = z.discriminatedUnion('needsPasswordReset', [
  z.object({ needsPasswordReset: z.literal(false), accessToken: z.string(), expiresIn: z.number(), user }),
  /** A temporary password: finish with POST /api/auth/complete-new-password. */
  z.object({ needsPasswordReset: z.literal(true), session: z.string(), email: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const completeNewPasswordRequest = z.object({
  email,
  session: z.string().min(1).max(AUTH_SESSION_MAX_LENGTH),
  newPassword: password,
});

export const sessionResponse = z.object({ accessToken: z.string(), expiresIn: z.number(), user });

export const refreshResponse = z.object({ accessToken: z.string(), expiresIn: z.number() });

export const forgotPasswordRequest = z.object({ email });
export const resetPasswordRequest = z.object({
  token: z.string().min(1).max(RESET_TOKEN_MAX_LENGTH),
  password,
});

export const okResponse = z.object({ success: z.literal(true), message: z.string() });

export const passwordResetRequiredResponse = z.object({ requiresReset: z.boolean() });

export const authenticateResponse = z.object({
  authenticated: z.literal(true),
  userId: id,
  roleId: z.number(),
});
