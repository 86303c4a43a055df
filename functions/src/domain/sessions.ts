import { systemClock } from '../ports/clock.ts';
import { createHash } from 'node:crypto';
import { messages } from '@sitewalk/shared/messages';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import {
  createSession,
  deleteResetTokensOfUser,
  deleteSessionsOfUser,
  deleteSession,
  getSession,
  recordEndedSession,
} from '../db/auth.ts';
import { getUser, setNeedsPasswordReset, setTokenCutOff, userIdOfEmail } from '../db/users.ts';
import { PasswordRefusedError, type IdentityProvider, type Tokens } from '../ports/identity.ts';
import { BadRequestError, TooManyRequestsError, UnauthorizedError } from './errors.ts';
import {
  loginAccountThrottle,
  loginSourceThrottle,
  loginThrottle,
  passwordResetThrottle,
  throttle,
} from './throttle.ts';
import {
  consumeResetToken,
  issueResetToken,
  releaseResetToken,
  RESET_TOKEN_TTL_SECONDS,
} from './reset-tokens.ts';
import { resetPasswordMail } from './mails.ts';
import { heldForMfaSetup, holdForMfaSetup, isMfaRequired, otpauthUri, releaseMfaSetup } from './mfa.ts';
import type { AuditActor } from '../db/audit.ts';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** How long a session's refresh token lives (Cognito's default refresh validity). */
export const SESSION_SECONDS = 30 * 24 * 60 * 60;

/** One answer for a wrong e-mail and a wrong password, so the API never tells which accounts exist. */
const refused = () => new UnauthorizedError(messages.auth.invalidCredentials);
const tooMany = (seconds: number) => new TooManyRequestsError(messages.auth.tooManyAttempts, seconds);
const wrongCode = () => new UnauthorizedError(messages.auth.mfaCodeWrong);
const expired = () => new UnauthorizedError(messages.auth.sessionExpired);
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Cognito's clock and ours may differ a little; a cut-off keeps this much distance from both sides. */
const CLOCK_MARGIN_MS = 100;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface EndSessionsOptions {
  now?: () => number;
  /** Also sets this on the user, in the same write as the cut-off. */
  needsPasswordReset?: boolean;
  /** A new password ends the sessions: who set it, recorded in the audit log by the same write. */
  passwordChangedBy?: AuditActor | undefined;
}

/**
 * Ends every session of a user, at once and for good: Cognito's global sign-out (their refresh tokens no
 * longer work, at the API or at Cognito directly), the server-side session records, their reset links, and
 * the user's cut-off: access tokens whose sign-in (`auth_time`, whole seconds) came before it are refused.
 * The cut-off is the next whole second, and this waits until it has passed (with a margin for clock
 * differences), so a sign-in made once this returns carries an `auth_time` at or after it and works,
 * while every token issued before, even in the same second, is refused.
 */
export const endSessions = async (
  db: DataService,
  identity: IdentityProvider,
  userId: number,
  { now = () => systemClock.now().getTime(), needsPasswordReset, passwordChangedBy }: EndSessionsOptions = {},
): Promise<void> => {
  const cutOff = Math.ceil((now() + CLOCK_MARGIN_MS) / 1000) * 1000;
  await setTokenCutOff(db, userId, cutOff, needsPasswordReset, passwordChangedBy);
  await identity.signOutEverywhere(userId);
  await deleteSessionsOfUser(db, userId);
  // A link mailed before a password change (or to an address since replaced) must not undo it.
  await deleteResetTokensOfUser(db, userId);
  const wait = cutOff + CLOCK_MARGIN_MS - now();
  if (wait > 0) await pause(wait);
};

export interface SignedIn {
  kind: 'signed-in';
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  user: UserItem;
}
/** The second step of a sign-in: the authenticator app's code, or setting it up first. */
export interface MfaStep {
  kind: 'mfa-code' | 'mfa-setup';
  session: string;
  user: UserItem;
}
export type SignInOutcome = SignedIn | MfaStep;
export type LoginOutcome = SignInOutcome | { kind: 'new-password-required'; session: string; user: UserItem };

export interface SessionDeps {
  db: DataService;
  identity: IdentityProvider;
  appUrl: string;
  now?: () => Date;
}

/** Sign-in, forced password change, refresh, sign-out and password reset. */
export const createSessions = ({ db, identity, appUrl, now = systemClock.now }: SessionDeps) => {
  const epoch = () => Math.floor(now().getTime() / 1000);
  const logins = throttle(db, loginThrottle, () => now().getTime() / 1000);
  const sources = throttle(db, loginSourceThrottle, () => now().getTime() / 1000);
  const accountsTried = throttle(db, loginAccountThrottle, () => now().getTime() / 1000);
  const resets = throttle(db, passwordResetThrottle, () => now().getTime() / 1000);

  const userByEmail = async (email: string): Promise<UserItem | null> => {
    const userId = await userIdOfEmail(db, email);
    return userId === null ? null : getUser(db, userId);
  };

  /** Records the session behind a refresh token, so that refreshing can be checked and ended. */
  const startSession = async (user: UserItem, tokens: Tokens): Promise<SignedIn> => {
    if (!tokens.refreshToken) throw new Error('Cognito answered a sign-in without a refresh token');
    await createSession(db, {
      tokenHash: hash(tokens.refreshToken),
      userId: user.userId,
      startedAt: now().getTime(),
      expiresAt: epoch() + SESSION_SECONDS,
      originJti: tokens.originJti,
      accessTokenSeconds: tokens.expiresIn,
    });
    return {
      kind: 'signed-in',
      accessToken: tokens.accessToken,
      expiresIn: tokens.expiresIn,
      refreshToken: tokens.refreshToken,
      user,
    };
  };

  /**
   * Tokens from a password alone: a session, unless the user must use two-step verification (then Cognito
   * would have asked for a code had it been set up), in which case the tokens wait for the set-up.
   */
  const afterPassword = async (user: UserItem, tokens: Tokens): Promise<SignInOutcome> => {
    if (!(await isMfaRequired(db, user))) return startSession(user, tokens);
    return { kind: 'mfa-setup', session: await holdForMfaSetup(db, user.userId, tokens, now()), user };
  };

  const signInAs = async (user: UserItem, password: string): Promise<LoginOutcome | null> => {
    const result = await identity.signIn(user.userId, password);
    if (result.kind === 'signed-in') return afterPassword(user, result.tokens);
    if (result.kind === 'new-password-required')
      return { kind: 'new-password-required', session: result.session, user };
    if (result.kind === 'mfa-code') return { kind: 'mfa-code', session: result.session, user };
    return null;
  };

  const limitsOf = (email: string, sourceIp: string) => {
    const pair = `${email} ${sourceIp}`;
    return {
      pair,
      all: [
        { counter: logins, subject: pair },
        { counter: sources, subject: sourceIp },
        { counter: accountsTried, subject: email },
      ],
    };
  };

  /**
   * Counts one attempt against each sign-in limit (per e-mail and source IP, per source IP, per e-mail)
   * before anything is checked; too many: a 429 until the window passes. Answers how to give them back.
   */
  const takeAttempt = async (email: string, sourceIp: string) => {
    const { pair, all } = limitsOf(email, sourceIp);
    for (const [index, { counter, subject }] of all.entries()) {
      const wait = await counter.take(subject);
      if (wait > 0) {
        await Promise.all(all.slice(0, index).map((l) => l.counter.giveBack(l.subject)));
        throw tooMany(wait);
      }
    }
    return () => Promise.all([logins.clear(pair), sources.giveBack(sourceIp), accountsTried.giveBack(email)]);
  };

  /** A sign-in step's attempt, counted first; the user of the e-mail, if any; and how to give it back. */
  const attempt = async (rawEmail: string, sourceIp: string) => {
    const email = normalizeEmail(rawEmail);
    const giveBack = await takeAttempt(email, sourceIp);
    return { giveBack, user: await userByEmail(email) };
  };

  return {
    /**
     * Throttled per e-mail and source IP, per source IP, and (loosely) per e-mail: each attempt is counted
     * before the password is checked, in one conditional write per limit, and a success gives its
     * attempts back. Too many failures: a 429 until the window passes.
     */
    async login(rawEmail: string, password: string, sourceIp: string): Promise<LoginOutcome> {
      const { giveBack, user } = await attempt(rawEmail, sourceIp);
      const outcome = user ? await signInAs(user, password) : null;
      if (!outcome) throw refused();
      // The password was right; a second step still to come counts its own attempts.
      await giveBack();
      return outcome;
    },

    /** The authenticator app's code after the password; wrong codes count in the sign-in limits. */
    async answerMfaCode(
      rawEmail: string,
      session: string,
      code: string,
      sourceIp: string,
    ): Promise<SignedIn> {
      const { giveBack, user } = await attempt(rawEmail, sourceIp);
      if (!user) throw expired();
      const result = await identity.answerMfaCode(user.userId, session, code);
      if (result.kind === 'wrong-code') throw wrongCode();
      if (result.kind !== 'signed-in') throw expired();
      await giveBack();
      return startSession(user, result.tokens);
    },

    /** A new authenticator key for a sign-in waiting for its set-up. */
    async startMfaSetup(
      rawEmail: string,
      session: string,
    ): Promise<{ secretCode: string; otpauthUri: string }> {
      const user = await userByEmail(normalizeEmail(rawEmail));
      const tokens = user ? await heldForMfaSetup(db, user.userId, session, now()) : null;
      if (!user || !tokens) throw expired();
      const secretCode = await identity.associateSoftwareToken(tokens.accessToken);
      return { secretCode, otpauthUri: otpauthUri(secretCode, user.email ?? String(user.userId)) };
    },

    /**
     * Checks a code of the new key, turns two-step verification on and starts the session the password
     * sign-in held back. Wrong codes count in the sign-in limits.
     */
    async finishMfaSetup(
      rawEmail: string,
      session: string,
      code: string,
      sourceIp: string,
    ): Promise<SignedIn> {
      const { giveBack, user } = await attempt(rawEmail, sourceIp);
      const tokens = user ? await heldForMfaSetup(db, user.userId, session, now()) : null;
      if (!user || !tokens) throw expired();
      if (!(await identity.verifySoftwareToken(tokens.accessToken, code))) throw wrongCode();
      await identity.setMfa(user.userId, true);
      await releaseMfaSetup(db, session);
      await giveBack();
      return startSession(user, tokens);
    },

    /**
     * Sets the new password chosen after a temporary one, then signs in afresh with it, so the session
     * rests on an ordinary sign-in's refresh token.
     */
    async completeNewPassword(
      rawEmail: string,
      session: string,
      newPassword: string,
    ): Promise<SignInOutcome> {
      const user = await userByEmail(normalizeEmail(rawEmail));
      if (!user) throw refused();
      const answer = await identity.completeNewPassword(user.userId, session, newPassword);
      if (answer.kind !== 'signed-in') throw expired();
      await setNeedsPasswordReset(db, user.userId, false);
      const outcome = await signInAs({ ...user, needsPasswordReset: false }, newPassword);
      if (!outcome || outcome.kind === 'new-password-required') throw refused();
      return outcome;
    },

    /** A new access token, while the session lasts and was not ended by a password reset. */
    async refresh(refreshToken: string): Promise<{ accessToken: string; expiresIn: number }> {
      const session = await getSession(db, hash(refreshToken));
      if (!session || session.expiresAt <= epoch()) throw new UnauthorizedError();
      const user = await getUser(db, session.userId);
      if (!user || (user.tokensValidAfter !== undefined && session.startedAt < user.tokensValidAfter)) {
        throw new UnauthorizedError();
      }
      const tokens = await identity.refresh(refreshToken);
      if (!tokens) throw new UnauthorizedError();
      return { accessToken: tokens.accessToken, expiresIn: tokens.expiresIn };
    },

    /**
     * Ends this session only: its refresh token (here and at Cognito), and its access tokens, which carry
     * its `origin_jti` and are refused until the last of them would have expired (loadActor).
     */
    async logout(refreshToken: string): Promise<void> {
      const session = await getSession(db, hash(refreshToken));
      if (session?.originJti !== undefined && session.accessTokenSeconds !== undefined) {
        await recordEndedSession(db, {
          userId: session.userId,
          originJti: session.originJti,
          expiresAt: epoch() + session.accessTokenSeconds,
        });
      }
      await deleteSession(db, hash(refreshToken));
      await identity.revoke(refreshToken);
    },

    /**
     * Always the same answer, whether or not the account exists and whether or not SES works: the mail (only
     * for an existing account, at most a few an hour) is queued in the outbox with its token, never sent here.
     * Both cases read the account and count the request, so they take much the same time.
     */
    async forgotPassword(rawEmail: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      const [user, earlier] = await Promise.all([userByEmail(email), resets.record(email)]);
      if (!user?.email || earlier > 0) return; // no account, or over this hour's limit: silently no mail
      const to = user.email;
      await issueResetToken(db, user.userId, now(), to, (token) => ({
        purpose: 'resetPassword',
        to,
        ...resetPasswordMail({
          firstName: user.firstName,
          link: `${appUrl.replace(/\/$/, '')}/reset-password/confirm/${token}`,
          validMinutes: RESET_TOKEN_TTL_SECONDS / 60,
        }),
      }));
    },

    /**
     * Sets the password and ends every session of the account. The link is spent only when the password
     * was accepted; answers once a sign-in with the new password gets a token that works.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const used = await consumeResetToken(db, token, now());
      const user = used && (await getUser(db, used.userId));
      // A link mailed to an address the user no longer has is dead, even if an e-mail change racing its
      // request left it behind (links from before this check carry no address).
      if (!used || !user || (used.mailedTo !== undefined && used.mailedTo !== user.email)) {
        throw new BadRequestError(messages.auth.resetLinkInvalid, {
          token: [messages.auth.resetLinkInvalid],
        });
      }
      const { userId } = used;
      try {
        await identity.setPassword(userId, password);
      } catch (error) {
        await releaseResetToken(db, token);
        if (error instanceof PasswordRefusedError) {
          throw new BadRequestError(messages.password.rule, { password: [messages.password.rule] });
        }
        throw error;
      }
      // The user set it themselves, through the link mailed to them.
      await endSessions(db, identity, userId, {
        now: () => now().getTime(),
        needsPasswordReset: false,
        passwordChangedBy: { userId, roleId: user.roleId },
      });
    },
  };
};

export type Sessions = ReturnType<typeof createSessions>;
