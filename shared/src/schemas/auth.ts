import * as z from 'zod';
import { AUTH_SESSION_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH, RESET_TOKEN_MAX_LENGTH } from '../constants.ts';
import { email, password, id } from './common.ts';
import { user } from './user.ts';
import { messages } from '../messages.ts';

export const loginRequest = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(LOGIN_PASSWORD_MAX_LENGTH),
});

const signedIn = z.object({
  needsPasswordReset: z.literal(false),
  accessToken: z.string(),
  expiresIn: z.number(),
  user,
});
/**
 * The second step of signing in: `code` asks for the current code of the user's authenticator app
 * (POST /api/auth/mfa-code); `setup` means the user must use two-step verification and has not set it up
 * (POST /api/auth/mfa-setup, then /api/auth/mfa-setup/verify).
 */
const mfaStep = z.object({
  needsPasswordReset: z.literal(false),
  mfa: z.enum(['code', 'setup']),
  session: z.string(),
  email: z.string(),
});
export type MfaStep = z.infer<typeof mfaStep>;

/** After the password (or the new password that replaced a temporary one): signed in, or a second step. */
export const signInResponse = z.union([mfaStep, signedIn]);
export type SignInResponse = z.infer<typeof signInResponse>;

export const loginResponse = z.union([
  mfaStep,
  signedIn,
  /** A temporary password: finish with POST /api/auth/complete-new-password. */
  z.object({ needsPasswordReset: z.literal(true), session: z.string(), email: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

const session = z.string().min(1).max(AUTH_SESSION_MAX_LENGTH);

export const completeNewPasswordRequest = z.object({ email, session, newPassword: password });

export const sessionResponse = z.object({ accessToken: z.string(), expiresIn: z.number(), user });

/** A TOTP code as authenticator apps show it (spaces people type are dropped). */
export const mfaCode = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, messages.auth.mfaCodeFormat));

export const mfaCodeRequest = z.object({ email, session, code: mfaCode });
export const mfaSetupRequest = z.object({ email, session });
export const mfaSetupVerifyRequest = z.object({ email, session, code: mfaCode });
export const mfaVerifyRequest = z.object({ code: mfaCode });

/** The new authenticator key: as text to type in, and as the otpauth:// URI a QR code carries. */
export const mfaSecretResponse = z.object({ secretCode: z.string(), otpauthUri: z.string() });
export type MfaSecret = z.infer<typeof mfaSecretResponse>;

/** Whether the user has two-step verification on, and whether their role must use it. */
export const mfaStatusResponse = z.object({ enabled: z.boolean(), required: z.boolean() });
export type MfaStatus = z.infer<typeof mfaStatusResponse>;

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
