import type { DataService } from './service.ts';
import type { LocationItem } from './entities/location.ts';
import type { OrganizationItem } from './entities/organization.ts';

/**
 * Joining and leaving places, each one transaction. Every new membership comes with a check that its user
 * was not deleted meanwhile, and one check of the place (MAX_USER_IDS_PER_CALL keeps a join within one
 * transaction). Each answers false when the transaction was cancelled.
 */

/**
 * The location must still be where it was read: a move or a delete meanwhile would leave memberships naming
 * the old organization.
 */
export const joinLocation = async (db: DataService, location: LocationItem, userIds: readonly number[]) => {
  const { locationId, organizationId, managementCompanyId } = location;
  const outcome = await db.transaction
    .write(({ location: locations, user, userLocation }) => [
      locations
        .check({ locationId })
        .where((a, op) => op.eq(a.organizationId, organizationId))
        .commit(),
      ...userIds.flatMap((userId) => [
        userLocation.create({ userId, locationId, organizationId, managementCompanyId }).commit(),
        user
          .check({ userId })
          .where((a, op) => op.exists(a.userId))
          .commit(),
      ]),
    ])
    .go();
  return !outcome.canceled;
};

/** The organization must not have been deleted meanwhile. */
export const joinOrganization = async (
  db: DataService,
  organization: OrganizationItem,
  userIds: readonly number[],
) => {
  const { organizationId, managementCompanyId } = organization;
  const outcome = await db.transaction
    .write(({ organization: organizations, user, userOrganization }) => [
      organizations
        .check({ organizationId })
        .where((a, op) => op.exists(a.organizationId))
        .commit(),
      ...userIds.flatMap((userId) => [
        userOrganization.create({ userId, organizationId, managementCompanyId }).commit(),
        user
          .check({ userId })
          .where((a, op) => op.exists(a.userId))
          .commit(),
      ]),
    ])
    .go();
  return !outcome.canceled;
};

/**
 * The user's default location goes with the membership; the user row is checked either way, so a default
 * set to this location meanwhile cancels the removal rather than being left dangling.
 */
export const leaveLocation = async (
  db: DataService,
  user: { userId: number; defaultLocationId?: number | undefined },
  locationId: number,
) => {
  const { userId } = user;
  const outcome = await db.transaction
    .write(({ user: users, userLocation }) => [
      userLocation.delete({ userId, locationId }).commit(),
      user.defaultLocationId === locationId
        ? users
            .patch({ userId })
            .remove(['defaultLocationId'])
            .where((a, op) => op.eq(a.defaultLocationId, locationId))
            .commit()
        : users
            .check({ userId })
            .where(
              (a, op) => `${op.notExists(a.defaultLocationId)} OR ${op.ne(a.defaultLocationId, locationId)}`,
            )
            .commit(),
    ])
    .go();
  return !outcome.canceled;
};

/** Nothing else names an organization membership, so it goes on its own. */
export const leaveOrganization = async (
  db: DataService,
  user: { userId: number },
  organizationId: number,
) => {
  await db.entities.userOrganization.delete({ userId: user.userId, organizationId }).go();
  return true;
};
