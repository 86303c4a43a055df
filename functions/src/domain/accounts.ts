import { messages } from '@sitewalk/shared/messages';
import { MAX_MEMBERSHIPS } from '@sitewalk/shared/constants';
import type { RoleId } from '@sitewalk/shared/roles';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { IdentityProvider } from '../ports/identity.ts';
import type { PinCipher } from '../ports/pins.ts';
import { nextId } from '../db/counters.ts';
import { tableOrderOf } from '../db/users.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors.ts';

/** DynamoDB transactions take 100 items; a user, their e-mail guard and their memberships must fit. */
export { MAX_MEMBERSHIPS };

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
}

const emailTaken = async (db: DataService, email: string) => {
  const { data } = await db.entities.userEmail.get({ email }).go();
  return data
    ? new ConflictError('A user with this e-mail already exists', { existingUserId: data.userId })
    : null;
};

/**
 * Creating, re-passwording and deleting accounts keep DynamoDB and Cognito in step: each is ordered so
 * that a failure half-way is undone and leaves neither side changed.
 */
export const createAccounts = (db: DataService, identity: IdentityProvider, pins?: PinCipher) => ({
  /** Cognito first, then one transaction for the user, the e-mail guard and the memberships; undone on failure. */
  async create(draft: AccountDraft): Promise<UserItem> {
    if (draft.locations.length + draft.organizations.length > MAX_MEMBERSHIPS) {
      throw new BadRequestError(`A user can belong to at most ${MAX_MEMBERSHIPS} locations and areas`);
    }
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
      const result = await db.transaction
        .write(({ user, userEmail, userLocation, userOrganization }) => [
          user.create(item).commit(),
          ...(email ? [userEmail.create({ email, userId }).commit()] : []),
          ...draft.locations.map((l) => userLocation.create({ userId, ...l }).commit()),
          ...draft.organizations.map((o) => userOrganization.create({ userId, ...o }).commit()),
        ])
        .go();
      if (result.canceled) throw new Error('The account transaction was cancelled');
    } catch (error) {
      if (draft.password) await identity.deleteUser(userId);
      throw (email && (await emailTaken(db, email))) || error;
    }
    const { data } = await db.entities.user.get({ userId }).go();
    if (!data) throw new Error(`User ${userId} vanished after its creation`);
    return data;
  },

  /** Sets a permanent password, giving a user without a sign-in (PIN only) a Cognito account. */
  async changePassword(userId: number, password: string): Promise<void> {
    if (await identity.exists(userId)) await identity.setPassword(userId, password);
    else await identity.createUser(userId, password, false);
    await db.entities.user.patch({ userId }).set({ needsPasswordReset: false }).go();
  },

  /**
   * Disables the sign-in, deletes the user with their e-mail guard and memberships in one transaction
   * (at most 2 + MAX_MEMBERSHIPS items), then their table order in batches and the sign-in. If the
   * transaction fails the sign-in is enabled again.
   */
  async delete(userId: number): Promise<void> {
    const { data } = await db.collections.userAccess({ userId }).go({ pages: 'all' });
    const user = data.user[0];
    if (!user) throw new NotFoundError(messages.fetch.userNotFound);
    const hasSignIn = await identity.exists(userId);
    if (hasSignIn) await identity.disableUser(userId);
    try {
      const result = await db.transaction
        .write(({ user: users, userEmail, userLocation, userOrganization }) => [
          users.delete({ userId }).commit(),
          ...(user.email ? [userEmail.delete({ email: user.email }).commit()] : []),
          ...data.userLocation.map((m) => userLocation.delete({ userId, locationId: m.locationId }).commit()),
          ...data.userOrganization.map((m) =>
            userOrganization.delete({ userId, organizationId: m.organizationId }).commit(),
          ),
        ])
        .go();
      if (result.canceled) throw new Error('The delete transaction was cancelled');
    } catch (error) {
      if (hasSignIn) await identity.enableUser(userId);
      throw error;
    }
    // Left behind only by a crash here: rows under an id never given again, read by nobody.
    const order = await tableOrderOf(db, userId);
    if (order.length)
      await db.entities.tablePreference.delete(order.map((p) => ({ userId, tableId: p.tableId }))).go();
    if (hasSignIn) await identity.deleteUser(userId);
  },
});

export type Accounts = ReturnType<typeof createAccounts>;
