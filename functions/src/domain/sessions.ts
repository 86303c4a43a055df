import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { IdentityProvider, Tokens } from '../ports/identity.ts';
import type { Mailer } from '../ports/mailer.ts';
import { TooManyRequestsError, UnauthorizedError, BadRequestError } from '../http/errors.ts';
import { loginThrottle, passwordResetThrottle, throttle } from './throttle.ts';
import { consumeResetToken, issueResetToken, RESET_TOKEN_TTL_SECONDS } from './reset-tokens.ts';
import { resetPasswordMail } from './mails.ts';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** One answer for a wrong e-mail and a wrong password, so the API never tells which accounts exist. */
const refused = () => new UnauthorizedError('Invalid email or password');

export type LoginOutcome =
  | { kind: 'signed-in'; tokens: Tokens; user: UserItem }
  | { kind: 'new-password-required'; session: string; user: UserItem };

export interface SessionDeps {
  db: DataService;
  identity: IdentityProvider;
  mailer: Mailer;
  appUrl: string;
  now?: () => Date;
}

/** Sign-in, forced password change, refresh, sign-out and password reset. */
export const createSessions = ({ db, identity, mailer, appUrl, now = () => new Date() }: SessionDeps) => {
  const logins = throttle(db, loginThrottle, () => now().getTime() / 1000);
  const resets = throttle(db, passwordResetThrottle, () => now().getTime() / 1000);

  const userByEmail = async (email: string): Promise<UserItem | null> => {
    const { data: guard } = await db.entities.userEmail.get({ email }).go();
    if (!guard) return null;
    const { data: user } = await db.entities.user.get({ userId: guard.userId }).go();
    return user;
  };

  const signInAs = async (user: UserItem, password: string): Promise<LoginOutcome | null> => {
    const result = await identity.signIn(user.userId, password);
    if (result.kind === 'signed-in') return { kind: 'signed-in', tokens: result.tokens, user };
    if (result.kind === 'new-password-required')
      return { kind: 'new-password-required', session: result.session, user };
    return null;
  };

  return {
    /** Throttled per e-mail: after too many failures, a 429 until the window passes. */
    async login(rawEmail: string, password: string): Promise<LoginOutcome> {
      const email = normalizeEmail(rawEmail);
      const wait = await logins.retryAfter(email);
      if (wait > 0) throw new TooManyRequestsError('Too many failed attempts. Please try again later.', wait);
      const user = await userByEmail(email);
      const outcome = user ? await signInAs(user, password) : null;
      if (!outcome) {
        const waitNow = await logins.record(email);
        if (waitNow > 0)
          throw new TooManyRequestsError('Too many failed attempts. Please try again later.', waitNow);
        throw refused();
      }
      await logins.clear(email);
      return outcome;
    },

    /**
     * Sets the new password chosen after a temporary one, then signs in afresh with it: the tokens of a
     * fresh sign-in carry a refresh token that Cognito (and cognito-local) will honour.
     */
    async completeNewPassword(rawEmail: string, session: string, newPassword: string): Promise<LoginOutcome> {
      const email = normalizeEmail(rawEmail);
      const user = await userByEmail(email);
      if (!user) throw refused();
      const answer = await identity.completeNewPassword(user.userId, session, newPassword);
      if (answer.kind !== 'signed-in')
        throw new UnauthorizedError('The sign-in session has expired. Please log in again.');
      await db.entities.user.patch({ userId: user.userId }).set({ needsPasswordReset: false }).go();
      const outcome = await signInAs({ ...user, needsPasswordReset: false }, newPassword);
      if (outcome?.kind !== 'signed-in') throw refused();
      return outcome;
    },

    refresh: (refreshToken: string) => identity.refresh(refreshToken),

    revoke: (refreshToken: string) => identity.revoke(refreshToken),

    /** Always the same answer; a mail goes out only for an existing account, at most a few an hour. */
    async forgotPassword(rawEmail: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      const user = await userByEmail(email);
      if (!user?.email) return;
      if ((await resets.record(email)) > 0) return; // over this hour's limit: silently no mail
      const { token } = await issueResetToken(db, user.userId, now());
      const link = `${appUrl.replace(/\/$/, '')}/reset-password/confirm/${token}`;
      await mailer.send({
        to: user.email,
        ...resetPasswordMail({ firstName: user.firstName, link, validMinutes: RESET_TOKEN_TTL_SECONDS / 60 }),
      });
    },

    /** Sets the password and ends every other session of the account. */
    async resetPassword(token: string, password: string): Promise<void> {
      const userId = await consumeResetToken(db, token, now());
      if (userId === null)
        throw new BadRequestError('This reset link is invalid or has expired', {
          token: ['Invalid or expired token'],
        });
      await identity.setPassword(userId, password);
      await db.entities.user
        .patch({ userId })
        .set({ needsPasswordReset: false, tokensValidAfter: Math.floor(now().getTime() / 1000) })
        .go();
    },
  };
};

export type Sessions = ReturnType<typeof createSessions>;
