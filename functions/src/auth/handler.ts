import { messages } from '@sitewalk/shared/messages';
import { readEnv } from '../env.ts';
import { auditedDataFromEnv, identityFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations, type Request } from '../http/handler.ts';
import { authRoutes } from '@sitewalk/shared/contract/auth';
import { UnauthorizedError } from '../domain/errors.ts';
import { loadUser } from '../domain/users.ts';
import { createSessions, SESSION_SECONDS, type SignedIn, type SignInOutcome } from '../domain/sessions.ts';
import { createMfaAccounts, stageMfaRoles } from '../domain/mfa.ts';
import { loadUserView } from '../views/users.ts';
import type { RouteDef } from '@sitewalk/shared/contract/route';

const db = auditedDataFromEnv();
const { APP_URL } = readEnv(['APP_URL']);
const identity = identityFromEnv();
const mfa = createMfaAccounts({ db, identity });
stageMfaRoles(); // read at cold start: a missing or malformed setting stops the function at once
const sessions = createSessions({ db, identity, appUrl: APP_URL });

/** The refresh token travels only in this cookie: HttpOnly, Secure, SameSite=Strict, scoped to /api/auth. */
export const REFRESH_COOKIE = 'sitewalk_refresh';
const refreshCookie = (value: string, maxAge: number) =>
  `${REFRESH_COOKIE}=${encodeURIComponent(value)}; Path=/api/auth; HttpOnly; Secure; SameSite=Strict; Max-Age=${maxAge}`;

const signedIn = async <R extends RouteDef>(request: Request<R>, outcome: SignedIn) => {
  request.reply.cookies.push(refreshCookie(outcome.refreshToken, SESSION_SECONDS));
  const user = await loadUserView(db, outcome.user.userId);
  if (!user) throw new UnauthorizedError();
  return { accessToken: outcome.accessToken, expiresIn: outcome.expiresIn, user };
};

/** A sign-in that went through, or the second step it needs (the e-mail as the user typed it). */
const answerSignIn = async <R extends RouteDef>(
  request: Request<R>,
  outcome: SignInOutcome,
  email: string,
) => {
  if (outcome.kind === 'signed-in')
    return { needsPasswordReset: false as const, ...(await signedIn(request, outcome)) };
  const mfa = outcome.kind === 'mfa-code' ? ('code' as const) : ('setup' as const);
  return { needsPasswordReset: false as const, mfa, session: outcome.session, email };
};

/** The caller's own access token: set-up from the profile acts on the caller's Cognito user. */
const bearerToken = <R extends RouteDef>({ event }: Request<R>) => {
  const header = event.headers?.authorization ?? event.headers?.Authorization ?? '';
  const token = /^Bearer (\S+)$/i.exec(header)?.[1];
  if (!token) throw new UnauthorizedError();
  return token;
};

const sentIfExists = {
  success: true as const,
  message: 'If an account exists for this e-mail, a reset link is on its way.',
};

export const implementations: Implementations<'auth'> = {
  'auth.login': async (request) => {
    const { email, password } = request.body;
    const outcome = await sessions.login(email, password, request.clientIp);
    if (outcome.kind === 'new-password-required') {
      return { needsPasswordReset: true as const, session: outcome.session, email: request.body.email };
    }
    return answerSignIn(request, outcome, email);
  },

  'auth.completeNewPassword': async (request) => {
    const { email, session, newPassword } = request.body;
    return answerSignIn(request, await sessions.completeNewPassword(email, session, newPassword), email);
  },

  'auth.mfaCode': async (request) => {
    const { email, session, code } = request.body;
    return signedIn(request, await sessions.answerMfaCode(email, session, code, request.clientIp));
  },

  'auth.mfaSetupStart': async ({ body }) => sessions.startMfaSetup(body.email, body.session),

  'auth.mfaSetupVerify': async (request) => {
    const { email, session, code } = request.body;
    return signedIn(request, await sessions.finishMfaSetup(email, session, code, request.clientIp));
  },

  'auth.mfaAssociate': async (request) => mfa.associate(request.actor, bearerToken(request)),

  'auth.mfaVerify': async (request) => mfa.verify(request.actor, bearerToken(request), request.body.code),

  'auth.mfaStatus': async ({ actor, params }) => mfa.status(actor, params.id),

  'auth.mfaReset': async ({ actor, params }) => {
    await mfa.reset(actor, params.id);
    return { success: true as const, message: messages.auth.mfaReset };
  },

  'auth.refresh': async ({ cookies, reply }) => {
    const token = cookies[REFRESH_COOKIE];
    if (!token) throw new UnauthorizedError();
    try {
      return await sessions.refresh(token);
    } catch (error) {
      if (error instanceof UnauthorizedError) reply.cookies.push(refreshCookie('', 0));
      throw error;
    }
  },

  'auth.logout': async ({ cookies, reply }) => {
    const token = cookies[REFRESH_COOKIE];
    if (token) await sessions.logout(token);
    reply.cookies.push(refreshCookie('', 0));
    return { success: true as const, message: 'Signed out' };
  },

  'auth.me': async ({ actor }) => {
    const user = await loadUserView(db, actor.userId);
    if (!user) throw new UnauthorizedError();
    return user;
  },

  'auth.authenticate': async ({ actor }) => ({
    authenticated: true as const,
    userId: actor.userId,
    roleId: actor.roleId,
  }),

  'auth.forgotPassword': async ({ body }) => {
    await sessions.forgotPassword(body.email);
    return sentIfExists;
  },

  'auth.resetPassword': async ({ body }) => {
    await sessions.resetPassword(body.token, body.password);
    return { success: true as const, message: messages.password.resetSuccess };
  },

  'auth.passwordResetRequired': async ({ actor, params }) => {
    const { user } = await loadUser(db, actor, 'read', params.id);
    return { requiresReset: user.needsPasswordReset };
  },
};

export const handler = createResourceHandler('auth', authRoutes, implementations, withActors(db));
