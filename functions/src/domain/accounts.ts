import { messages } from '@sitewalk/shared/messages';
import type { RoleId } from '@sitewalk/shared/roles';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { IdentityProvider } from '../ports/identity.ts';
import type { PinCipher } from '../ports/pins.ts';
import { deleteResetTokensOfUser, deleteSessionsOfUser } from '../db/auth.ts';
import { SYSTEM_ACTOR, type AuditActor } from '../db/audit.ts';
import { nextId } from '../db/counters.ts';
import {
  createUserWithMemberships,
  deleteTableOrder,
  deleteUserWithMemberships,
  getUserAccess,
  getUser,
  userIdOfEmail,
} from '../db/users.ts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from './errors.ts';
import { assertMembershipsFit } from './memberships.ts';
import { endSessions } from './sessions.ts';
import { passwordCheckThrottle, throttle } from './throttle.ts';

export interface AccountDraft {
  firstName: string;
  lastName: string;
  email?: string | undefined;
  phone?: string | undefined;
  pin?: string | undefined;
  roleId: RoleId;
  managementCompanyId?: number | undefined;
  defaultLocationId?: number | undefined;
  /** With a password the user gets a Cognito account; a temporary one must be replaced at first login. */
  password?: { value: string; temporary: boolean } | undefined;
  locations: { locationId: number; organizationId: number; managementCompanyId: number }[];
  organizations: { organizationId: number; managementCompanyId: number }[];
  /** Who creates the account, for the audit log; unset: SiteWalk itself (the command line, the demo). */
  by?: AuditActor | undefined;
}

/**
 * The e-mail belongs to another user. It carries no `existingUserId` in the answer: the caller adds it
 * only for a user the actor may see (another company's user ids are not theirs to learn).
 */
export class EmailTakenError extends ConflictError {
  constructor(readonly existingUserId: number) {
    super(messages.auth.emailTaken);
  }
}

const emailTaken = async (db: DataService, email: string) => {
  const userId = await userIdOfEmail(db, email);
  return userId === null ? null : new EmailTakenError(userId);
};

/**
 * Creating, re-passwording and deleting accounts keep DynamoDB and Cognito in step: each is ordered so
 * that a failure half-way is undone and leaves neither side changed.
 */
export const createAccounts = (db: DataService, identity: IdentityProvider, pins?: PinCipher) => ({
  /** Cognito first, then one transaction for the user, the e-mail guard and the memberships; undone on failure. */
  async create(draft: AccountDraft): Promise<UserItem> {
    assertMembershipsFit(
      draft.locations,
      draft.organizations.map((o) => o.organizationId),
    );
    const email = draft.email?.toLowerCase();
    if (email) {
      const conflict = await emailTaken(db, email);
      if (conflict) throw conflict;
    }
    const userId = await nextId(db, 'user');
    if (draft.pin !== undefined && !pins) throw new Error('A PIN needs the PIN cipher');
    const pinCipher = draft.pin === undefined ? undefined : await pins?.seal(draft.pin, userId);
    if (draft.password) await identity.createUser(userId, draft.password.value, draft.password.temporary);
    const item = {
      userId,
      firstName: draft.firstName,
      lastName: draft.lastName,
      email,
      phone: draft.phone,
      pinCipher,
      roleId: draft.roleId,
      managementCompanyId: draft.managementCompanyId,
      defaultLocationId: draft.defaultLocationId,
      needsPasswordReset: draft.password?.temporary ?? false,
    };
    try {
      const created = await createUserWithMemberships(
        db,
        item,
        draft.locations,
        draft.organizations,
        draft.by ?? SYSTEM_ACTOR,
      );
      if (!created) throw new Error('The account transaction was cancelled');
    } catch (error) {
      if (draft.password) await identity.deleteUser(userId);
      throw (email && (await emailTaken(db, email))) || error;
    }
    const user = await getUser(db, userId);
    if (!user) throw new Error(`User ${userId} vanished after its creation`);
    return user;
  },

  /**
   * Sets a password, giving a user without a sign-in (PIN only) a Cognito account, and ends every session
   * of the user. A temporary one (set by someone else) must be replaced at the next sign-in.
   */
  async changePassword(
    userId: number,
    password: string,
    { temporary, by = SYSTEM_ACTOR }: { temporary: boolean; by?: AuditActor },
  ) {
    if (await identity.exists(userId)) await identity.setPassword(userId, password, temporary);
    else await identity.createUser(userId, password, temporary);
    await endSessions(db, identity, userId, { needsPasswordReset: temporary, passwordChangedBy: by });
  },

  /**
   * A signed-in user's proof that they are who the token says, before they change their own password
   * or e-mail: a 403 naming the field when wrong, a 429 after five wrong ones in fifteen minutes.
   */
  async checkCurrentPassword(userId: number, password: string): Promise<void> {
    const checks = throttle(db, passwordCheckThrottle);
    const wait = await checks.take(String(userId));
    if (wait > 0) throw new TooManyRequestsError(messages.auth.tooManyAttempts, wait);
    const answer = await identity.signIn(userId, password);
    if (answer.kind === 'refused') {
      throw new ForbiddenError(messages.auth.currentPasswordWrong, {
        'userInfo.currentPassword': [messages.auth.currentPasswordWrong],
      });
    }
    if (answer.kind === 'signed-in' && answer.tokens.refreshToken) {
      await identity.revoke(answer.tokens.refreshToken); // only a check: no session comes of it
    }
    await checks.clear(String(userId));
  },

  /**
   * Disables the sign-in, deletes the user with their e-mail guard and memberships in one transaction
   * (at most 3 + MAX_MEMBERSHIP_ITEMS items, with the company's tally and the kept totals of their areas), then
   * their table order in batches and the sign-in. If the transaction fails the sign-in is enabled again; one
   * that lost to a racing delete of the same user answers 404. A user given more places before that bound
   * must lose some first (a 400 naming them).
   */
  async delete(userId: number, by: AuditActor = SYSTEM_ACTOR): Promise<void> {
    const access = await getUserAccess(db, userId);
    if (!access.user[0]) throw new NotFoundError(messages.fetch.userNotFound);
    assertMembershipsFit(
      access.userLocation,
      access.userOrganization.map((m) => m.organizationId),
    );
    const hasSignIn = await identity.exists(userId);
    if (hasSignIn) await identity.disableUser(userId);
    let deleted: boolean;
    try {
      deleted = await deleteUserWithMemberships(db, access, by);
    } catch (error) {
      if (hasSignIn) await identity.enableUser(userId);
      throw error;
    }
    if (!deleted) {
      // Refused because another delete got there first: that one ends the sign-in too.
      if ((await getUser(db, userId)) === null) throw new NotFoundError(messages.fetch.userNotFound);
      if (hasSignIn) await identity.enableUser(userId);
      throw new Error('The delete transaction was cancelled');
    }
    // Left behind only by a crash here: rows under an id never given again, read by nobody.
    await deleteTableOrder(db, userId);
    if (hasSignIn) {
      await identity.signOutEverywhere(userId);
      await identity.deleteUser(userId);
    }
    await deleteSessionsOfUser(db, userId);
    await deleteResetTokensOfUser(db, userId);
  },
});

export type Accounts = ReturnType<typeof createAccounts>;
