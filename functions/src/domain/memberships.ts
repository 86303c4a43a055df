import { joinsOrganizations } from '@sitewalk/shared/roles';
import { can, canManageMembership, type Actor, type PlacementOf } from '@sitewalk/shared/policy';
import { MAX_MEMBERSHIP_ITEMS, MAX_MEMBERSHIPS } from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import type { UserItem } from '../db/entities/user.ts';
import { joinPlace, leaveLocation, leaveOrganization } from '../db/memberships.ts';
import { ownMemberIdsOfOrganization, userIdsOfLocation } from '../db/users.ts';
import { itemsOfMemberships } from '../db/area-members.ts';
import { BadRequestError, ConflictError, ForbiddenError } from './errors.ts';
import { mapBounded } from './fan-out.ts';
import {
  locationPlacement,
  organizationPlacement,
  visibleLocation,
  visibleOrganization,
} from './placements.ts';
import { placementsSeenBy, visibleUserScope } from './scope.ts';

/** The kinds of place a user belongs to. */
export type PlaceKind = 'location' | 'organization';

/** A place, seen by the actor, with what joining and leaving it takes. */
interface Place {
  placement: PlacementOf<'location'> | PlacementOf<'organization'>;
  /** The area it is (or is in). */
  organizationId: number;
  /** Whether a user (their placement) already belongs here. */
  holds: (member: PlacementOf<'user'>) => boolean;
  /** Who may join, and what a refusal says. */
  admits: (user: UserItem) => boolean;
  refusal: string;
  /** Each false when the transaction was cancelled. */
  join: (userIds: readonly number[]) => Promise<boolean>;
  leave: (user: UserItem) => Promise<boolean>;
}

const places: Record<PlaceKind, (db: DataService, actor: Actor, id: number) => Promise<Place>> = {
  location: async (db, actor, locationId) => {
    const location = await visibleLocation(db, actor, locationId);
    return {
      placement: locationPlacement(location),
      organizationId: location.organizationId,
      holds: (member) => member.locationIds.includes(locationId),
      admits: (user) => user.managementCompanyId === location.managementCompanyId,
      refusal: 'every user must be of the location’s management company',
      join: (userIds) => joinPlace(db, { kind: 'location', item: location }, userIds, actor),
      leave: (user) => leaveLocation(db, user, location, actor),
    };
  },
  organization: async (db, actor, organizationId) => {
    const organization = await visibleOrganization(db, actor, organizationId);
    return {
      placement: organizationPlacement(organization),
      organizationId,
      holds: (member) => member.organizationIds.includes(organizationId),
      admits: (user) =>
        joinsOrganizations(user.roleId) && user.managementCompanyId === organization.managementCompanyId,
      refusal: 'only area managers and above of the area’s company join an area',
      join: (userIds) => joinPlace(db, { kind: 'organization', item: organization }, userIds, actor),
      leave: (user) => leaveOrganization(db, user, organization, actor),
    };
  },
};

/**
 * A user's memberships must fit their delete's one transaction: at most MAX_MEMBERSHIPS places, and with the
 * areas they are in at most MAX_MEMBERSHIP_ITEMS items (db/area-members.ts). Else a 400 on `field` (by default
 * the list the user's places are named in: locations, or areas when they have none).
 */
export const assertMembershipsFit = (
  locations: readonly { organizationId: number }[],
  organizationIds: readonly number[],
  field = locations.length ? 'locationIds' : 'organizationIds',
) => {
  const places = locations.length + organizationIds.length;
  const items = itemsOfMemberships(locations, organizationIds);
  const message =
    places > MAX_MEMBERSHIPS
      ? `a user can belong to at most ${MAX_MEMBERSHIPS} locations and areas`
      : items > MAX_MEMBERSHIP_ITEMS
        ? `a user's locations and areas, with the areas they are in, can count at most ${MAX_MEMBERSHIP_ITEMS} (this makes ${items})`
        : null;
  if (message) throw new BadRequestError(`${field}: ${message}`, { [field]: [message] });
};

/** Each user may take this membership too (a user's delete removes all of them in one transaction). */
const assertRoomForOneMore = (
  members: {
    memberships: {
      userLocation: readonly { organizationId: number }[];
      userOrganization: readonly { organizationId: number }[];
    };
  }[],
  joined: { organizationId: number; kind: PlaceKind },
) => {
  for (const { memberships } of members) {
    const organizationIds = memberships.userOrganization.map((m) => m.organizationId);
    if (joined.kind === 'location') {
      assertMembershipsFit([...memberships.userLocation, joined], organizationIds, 'userIds');
    } else {
      assertMembershipsFit(memberships.userLocation, [...organizationIds, joined.organizationId], 'userIds');
    }
  }
};

/**
 * Adds users to a location or an organization; those already there are left as they are. Every user must
 * be visible (404), one the actor may place there (403) and one the place admits (400). Answers how many
 * joined.
 */
export const addMembers = async (
  db: DataService,
  actor: Actor,
  kind: PlaceKind,
  placeId: number,
  userIds: readonly number[],
): Promise<number> => {
  const place = await places[kind](db, actor, placeId);
  const users = await mapBounded([...new Set(userIds)], (id) => visibleUserScope(db, actor, id));
  const joining = users.filter((u) => !place.holds(u.placement));
  for (const { user, placement } of joining) {
    if (!canManageMembership(actor, place.placement, placement)) throw new ForbiddenError();
    if (!place.admits(user))
      throw new BadRequestError(`userIds: ${place.refusal}`, { userIds: [place.refusal] });
  }
  assertRoomForOneMore(joining, { kind, organizationId: place.organizationId });
  if (joining.length && !(await place.join(joining.map((u) => u.user.userId)))) {
    throw new ConflictError('The users changed meanwhile; please try again');
  }
  return joining.length;
};

/** The ids of a place's own members (an area's Area Managers, not its locations' people). */
const memberIdsOf = (db: DataService, kind: PlaceKind, placeId: number) =>
  kind === 'location' ? userIdsOfLocation(db, placeId) : ownMemberIdsOfOrganization(db, placeId);

/**
 * Of `users` (seen by the actor), those addMembers would add to the place: not yet there, admitted by it,
 * and placed there by the actor (canManageMembership). The Add Users dialog's search asks for these only,
 * so its first matches are all addable. 404 for a place the actor does not see, 403 for one whose members
 * they may not manage. A user who already has MAX_MEMBERSHIPS places is still listed (addMembers says so).
 */
export const addableUsers = async (
  db: DataService,
  actor: Actor,
  kind: PlaceKind,
  placeId: number,
  users: readonly UserItem[],
): Promise<UserItem[]> => {
  const place = await places[kind](db, actor, placeId);
  if (!can(actor, 'manageMembers', place.placement)) throw new ForbiddenError();
  const [memberIds, placements] = await Promise.all([
    memberIdsOf(db, kind, placeId).then((ids) => new Set(ids)),
    placementsSeenBy(db, actor, users),
  ]);
  return users.filter((user, i) => {
    const placement = placements[i];
    return (
      !!placement &&
      !memberIds.has(user.userId) &&
      place.admits(user) &&
      canManageMembership(actor, place.placement, placement)
    );
  });
};

/** Removes a user from a location or an organization: 1 when they were there, 0 when they were not. */
export const removeMember = async (
  db: DataService,
  actor: Actor,
  kind: PlaceKind,
  placeId: number,
  userId: number,
): Promise<number> => {
  const place = await places[kind](db, actor, placeId);
  const { user, placement } = await visibleUserScope(db, actor, userId);
  if (!canManageMembership(actor, place.placement, placement)) throw new ForbiddenError();
  if (!place.holds(placement)) return 0;
  if (!(await place.leave(user))) throw new ConflictError('The user changed meanwhile; please try again');
  return 1;
};
