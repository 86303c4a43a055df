import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { idParams } from '../schemas/common.ts';
import { user } from '../schemas/user.ts';
import {
  authenticateResponse,
  completeNewPasswordRequest,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  okResponse,
  passwordResetRequiredResponse,
  refreshResponse,
  resetPasswordRequest,
  sessionResponse,
} from '../schemas/auth.ts';

const spec = 'access-and-administration' as const;

export const authRoutes = {
  'auth.login': defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    resource: 'auth',
    access: 'public',
    source: spec,
    summary:
      'Sign in with e-mail and password; sets the refresh-token cookie. 429 after 5 attempts per e-mail and source IP, 30 failures per source IP or 50 per e-mail, in 15 minutes',
    body: loginRequest,
    response: loginResponse,
  }),
  'auth.completeNewPassword': defineRoute({
    method: 'POST',
    path: '/api/auth/complete-new-password',
    resource: 'auth',
    access: 'public',
    source: 'added',
    summary: 'Replace a temporary password after a login that asked for it, and sign in',
    body: completeNewPasswordRequest,
    response: sessionResponse,
  }),
  'auth.refresh': defineRoute({
    method: 'POST',
    path: '/api/auth/refresh',
    resource: 'auth',
    access: 'public',
    source: 'added',
    summary: 'A new access token for the refresh-token cookie',
    response: refreshResponse,
  }),
  'auth.logout': defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    resource: 'auth',
    access: 'public',
    source: 'added',
    summary:
      "Revoke the refresh token and clear its cookie; the session's access tokens are refused from then on",
    response: okResponse,
  }),
  'auth.me': defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    resource: 'auth',
    access: Role.Employee,
    source: spec,
    summary: 'The signed-in user',
    response: user,
  }),
  'auth.authenticate': defineRoute({
    method: 'GET',
    path: '/api/authenticate',
    resource: 'auth',
    access: Role.Employee,
    source: spec,
    summary: 'Whether the access token is valid, and whose it is',
    response: authenticateResponse,
  }),
  'auth.forgotPassword': defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    resource: 'auth',
    access: 'public',
    source: spec,
    summary: 'E-mail a reset link; the same answer whether or not the account exists',
    body: forgotPasswordRequest,
    response: okResponse,
  }),
  'auth.resetPassword': defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    resource: 'auth',
    access: 'public',
    source: spec,
    summary:
      'Set a new password with the token from the newest e-mailed link; ends every session of the user, and answers once a new sign-in works',
    body: resetPasswordRequest,
    response: okResponse,
  }),
  'auth.passwordResetRequired': defineRoute({
    method: 'GET',
    path: '/api/users/{id}/password-reset-required',
    resource: 'auth',
    access: Role.Employee,
    source: spec,
    summary: 'Whether the user must still replace a temporary password',
    params: idParams,
    response: passwordResetRequiredResponse,
  }),
};
