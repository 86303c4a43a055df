import { systemClock } from '../ports/clock.ts';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { parseRoleList, type RoleId } from '@sitewalk/shared/roles';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import { createMfaSetup, deleteMfaSetup, getMfaSetup } from '../db/auth.ts';
import { readEnv } from '../env.ts';
import type { IdentityProvider, Tokens } from '../ports/identity.ts';
import { recordMfaReset } from '../db/users.ts';
import { messages } from '@sitewalk/shared/messages';
import type { Actor } from '@sitewalk/shared/policy';
import { authorize } from './authorize.ts';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from './errors.ts';
import { loadUserScope } from './scope.ts';

/** The name authenticator apps show above the codes. */
export const MFA_ISSUER = 'SiteWalk';

let stageRoles: RoleId[] | undefined;
/** The roles this stage requires two-step verification of (MFA_REQUIRED_ROLES), read once. */
export const stageMfaRoles = (): readonly RoleId[] =>
  (stageRoles ??= parseRoleList(readEnv(['MFA_REQUIRED_ROLES']).MFA_REQUIRED_ROLES));

/** Whether a role must use two-step verification: the stage's roles, and those the user's company adds. */
export const mfaRequiredOf = (
  roleId: number,
  company: { mfaRequiredRoles?: readonly number[] | undefined } | null | undefined,
  stage: readonly number[] = stageMfaRoles(),
): boolean => stage.includes(roleId) || (company?.mfaRequiredRoles ?? []).includes(roleId);

export const isMfaRequired = async (db: DataService, user: UserItem): Promise<boolean> => {
  if (stageMfaRoles().includes(user.roleId as RoleId)) return true;
  if (user.managementCompanyId === undefined) return false;
  return mfaRequiredOf(user.roleId, await getManagementCompany(db, user.managementCompanyId));
};

/** The otpauth:// URI (Key Uri Format) that authenticator apps read from a QR code. */
export const otpauthUri = (secret: string, account: string): string => {
  const label = encodeURIComponent(`${MFA_ISSUER}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer: MFA_ISSUER,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${label}?${query.toString()}`;
};

/** How long a password sign-in waits for its two-step verification set-up. */
export const MFA_SETUP_TTL_SECONDS = 10 * 60;

const SESSION_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const digest = (label: string, session: string) =>
  createHash('sha256').update(`${label}:${session}`).digest();
const idOf = (session: string) => digest('id', session).toString('hex');

/**
 * Keeps the tokens of a password sign-in until the user has set up two-step verification. Answers the
 * set-up session (32 random bytes, URL-safe): only its hash is stored, and the tokens are sealed
 * (AES-256-GCM) with a key derived from it, so they open only with the session the browser holds.
 */
export const holdForMfaSetup = async (
  db: DataService,
  userId: number,
  tokens: Tokens,
  now: Date,
): Promise<string> => {
  const session = randomBytes(32).toString('base64url');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', digest('key', session), iv);
  cipher.setAAD(Buffer.from(String(userId)));
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  const expiresAt = Math.floor(now.getTime() / 1000) + MFA_SETUP_TTL_SECONDS;
  await createMfaSetup(db, { tokenHash: idOf(session), userId, sealed, expiresAt });
  return session;
};

/** The held tokens of a set-up session of this user; null when it is unknown, expired or another's. */
export const heldForMfaSetup = async (
  db: DataService,
  userId: number,
  session: string,
  now: Date,
): Promise<Tokens | null> => {
  if (!SESSION_PATTERN.test(session)) return null;
  const item = await getMfaSetup(db, idOf(session));
  if (!item || item.userId !== userId || item.expiresAt <= now.getTime() / 1000) return null;
  const raw = Buffer.from(item.sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', digest('key', session), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(String(userId)));
  decipher.setAuthTag(raw.subarray(12, 28));
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as Tokens;
};

export const releaseMfaSetup = (db: DataService, session: string) => deleteMfaSetup(db, idOf(session));

/**
 * Two-step verification of signed-in users: one's own set-up from the profile (acting on the caller's own
 * Cognito user through their access token), whether a user has it, and a superior's reset after a lost phone
 * (audited before it takes effect).
 */
export const createMfaAccounts = ({
  db,
  identity,
  now = systemClock.now,
}: {
  db: DataService;
  identity: IdentityProvider;
  now?: () => Date;
}) => {
  /** The user if the actor may do `action` to them: 404 out of scope, 403 forbidden. */
  const userFor = async (actor: Actor, action: 'read' | 'resetMfa', userId: number) => {
    const scope = await loadUserScope(db, userId);
    if (!scope) throw new NotFoundError(messages.fetch.userNotFound);
    authorize(actor, action, scope.placement, messages.fetch.userNotFound);
    return scope.user;
  };

  return {
    /** A new key for the caller; refused while one is on (a new one would end it unseen). */
    async associate(actor: Actor, accessToken: string) {
      const scope = await loadUserScope(db, actor.userId);
      if (!scope) throw new UnauthorizedError();
      if (await identity.mfaEnabled(actor.userId)) throw new ConflictError(messages.auth.mfaAlreadyOn);
      const secretCode = await identity.associateSoftwareToken(accessToken);
      return { secretCode, otpauthUri: otpauthUri(secretCode, scope.user.email ?? String(actor.userId)) };
    },

    /** Checks a code of the caller's new key and turns two-step verification on. */
    async verify(actor: Actor, accessToken: string, code: string) {
      if (!(await identity.verifySoftwareToken(accessToken, code))) {
        throw new BadRequestError(messages.auth.mfaCodeWrong, { code: [messages.auth.mfaCodeWrong] });
      }
      await identity.setMfa(actor.userId, true);
      const scope = await loadUserScope(db, actor.userId);
      return { enabled: true, required: scope ? await isMfaRequired(db, scope.user) : false };
    },

    async status(actor: Actor, userId: number) {
      const user = await userFor(actor, 'read', userId);
      const [enabled, required] = await Promise.all([identity.mfaEnabled(userId), isMfaRequired(db, user)]);
      return { enabled, required };
    },

    async reset(actor: Actor, userId: number) {
      const user = await userFor(actor, 'resetMfa', userId);
      await recordMfaReset(db, user, actor, now());
      await identity.setMfa(userId, false);
    },
  };
};
