import type { DataService } from './service.ts';
import type { LocationItem } from './entities/location.ts';
import type { OrganizationItem } from './entities/organization.ts';
import { writeAudited, type AuditActor, type AuditRecord } from './audit.ts';
import { areaMembersChanged } from './area-members.ts';

/**
 * Joining and leaving places; each answers false when its transaction was cancelled. A join is one
 * transaction: every new membership with its place's id added to its user's (a patch, so a user deleted
 * meanwhile cancels it), and one check of the place (MAX_USER_IDS_PER_CALL keeps it within DynamoDB's limit).
 * A leave takes the id out of the user's in the same transaction.
 */

/** A place users join, as read before the join. */
export type JoinedPlace =
  { kind: 'location'; item: LocationItem } | { kind: 'organization'; item: OrganizationItem };

/**
 * A location must still be where it was read (a move or a delete meanwhile would leave memberships naming
 * the old organization); an organization must not have been deleted meanwhile.
 */
/** A membership's entry: the place is the object, the users who joined or left are the change. */
const membershipRecord = (
  place: JoinedPlace,
  action: 'addMember' | 'removeMember',
  userIds: readonly number[],
): AuditRecord => {
  const users = { userIds: [...userIds].sort((a, b) => a - b) };
  return {
    managementCompanyId: place.item.managementCompanyId,
    action,
    objectKind: 'membership',
    objectId: place.kind === 'location' ? place.item.locationId : place.item.organizationId,
    objectName: place.item.name,
    ...(place.kind === 'location' ? { locationId: place.item.locationId } : {}),
    organizationId: place.item.organizationId,
    before: action === 'removeMember' ? users : null,
    after: action === 'addMember' ? users : null,
  };
};

export const joinPlace = async (
  db: DataService,
  place: JoinedPlace,
  userIds: readonly number[],
  actor: AuditActor,
) => {
  const { managementCompanyId, organizationId } = place.item;
  const record = membershipRecord(place, 'addMember', userIds);
  const outcome = await writeAudited(
    db,
    { actor, record },
    ({ location, user, userLocation, userOrganization }) => {
      // The location, still in the area as read, moves its members' version (a move reading its members
      // meanwhile is refused); the area's kept totals take the users, refused when the area is gone.
      const placeChecks =
        place.kind === 'location'
          ? [
              location
                .patch({ locationId: place.item.locationId })
                .add({ membersVersion: 1 })
                .where((a, op) => op.eq(a.organizationId, organizationId))
                .commit(),
              ...areaMembersChanged(db, [
                { organizationId, joined: [{ locationId: place.item.locationId, userIds }] },
              ]),
            ]
          : areaMembersChanged(db, [{ organizationId, joinedArea: userIds }]);
      const membership = (userId: number) =>
        place.kind === 'location'
          ? userLocation
              .create({ userId, locationId: place.item.locationId, organizationId, managementCompanyId })
              .commit()
          : userOrganization.create({ userId, organizationId, managementCompanyId }).commit();
      return [
        ...placeChecks,
        ...userIds.flatMap((userId) => [
          membership(userId),
          (place.kind === 'location'
            ? user.patch({ userId }).add({ locationIds: [place.item.locationId] })
            : user.patch({ userId }).add({ organizationIds: [organizationId] })
          ).commit(),
        ]),
      ];
    },
  );
  return !outcome.canceled;
};

/**
 * The user's default location goes with the membership; the user row is checked either way, so a default
 * set to this location meanwhile cancels the removal rather than being left dangling.
 */
export const leaveLocation = async (
  db: DataService,
  user: { userId: number; defaultLocationId?: number | undefined },
  place: LocationItem,
  actor: AuditActor,
) => {
  const { userId } = user;
  const { locationId } = place;
  const record = membershipRecord({ kind: 'location', item: place }, 'removeMember', [userId]);
  const outcome = await writeAudited(db, { actor, record }, ({ user: users, userLocation }) => [
    // Only from the area as read: a move meanwhile took the membership (and the kept totals) elsewhere.
    userLocation
      .delete({ userId, locationId })
      .where((a, op) => op.eq(a.organizationId, place.organizationId))
      .commit(),
    ...areaMembersChanged(db, [
      { organizationId: place.organizationId, left: [{ locationId, userIds: [userId] }] },
    ]),
    user.defaultLocationId === locationId
      ? users
          .patch({ userId })
          .delete({ locationIds: [locationId] })
          .remove(['defaultLocationId'])
          .where((a, op) => op.eq(a.defaultLocationId, locationId))
          .commit()
      : users
          .patch({ userId })
          .delete({ locationIds: [locationId] })
          .where(
            (a, op) => `${op.notExists(a.defaultLocationId)} OR ${op.ne(a.defaultLocationId, locationId)}`,
          )
          .commit(),
  ]);
  return !outcome.canceled;
};

/** Nothing else names an organization membership: it goes with its id from the user's. */
export const leaveOrganization = async (
  db: DataService,
  user: { userId: number },
  place: OrganizationItem,
  actor: AuditActor,
) => {
  const { userId } = user;
  const record = membershipRecord({ kind: 'organization', item: place }, 'removeMember', [userId]);
  const outcome = await writeAudited(db, { actor, record }, ({ user: users, userOrganization }) => [
    userOrganization.delete({ userId, organizationId: place.organizationId }).commit(),
    ...areaMembersChanged(db, [{ organizationId: place.organizationId, leftArea: [userId] }]),
    users
      .patch({ userId })
      .delete({ organizationIds: [place.organizationId] })
      .commit(),
  ]);
  return !outcome.canceled;
};
