import { canManageMembership, type Actor } from '@sitewalk/shared/policy';
import { joinsOrganizations } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';
import { userPlacement, type KnownLocations } from '../../lib/authorization.ts';

import type { MembershipContainer as Container, UsersSource } from '../../api/users.ts';

export type { Container, UsersSource };

/** The locations whose areas the policy may need: the signed-in user's, and the container when a location. */
const knownWith = (container: Container, knownLocations: KnownLocations): KnownLocations =>
  container.kind === 'location' ? [container, ...knownLocations] : knownLocations;

/**
 * Whether the signed-in user may add this user to, or remove them from, the container. The areas of the
 * user's locations come from the locations the signed-in user sees.
 */
export const mayManage = (
  actor: Actor,
  container: Container,
  user: User,
  knownLocations: KnownLocations = [],
): boolean =>
  canManageMembership(actor, container, userPlacement(user, knownWith(container, knownLocations)));

const isMember = (container: Container, user: User) =>
  container.kind === 'organization'
    ? user.userToOrganization.some(({ organizationId }) => organizationId === container.id)
    : user.userToLocation.some(({ locationId }) => locationId === container.id);

/**
 * The Add Users dialog's candidates: from the signed-in user's full user list, those not yet members, of
 * the container's management company, whom the signed-in user may manage; an area takes Area Managers
 * and above only (the API refuses the rest).
 */
export const candidatesFor = (
  actor: Actor,
  container: Container,
  users: readonly User[],
  members: readonly User[],
  knownLocations: KnownLocations = [],
) => {
  const memberIds = new Set(members.map(({ id }) => id));
  return sortByLastName(
    users.filter(
      (user) =>
        !memberIds.has(user.id) &&
        !isMember(container, user) &&
        user.managementCompanyId === container.managementCompanyId &&
        (container.kind === 'location' || joinsOrganizations(user.roleId)) &&
        mayManage(actor, container, user, knownLocations),
    ),
  );
};

/** Users by last name: last name, then first name, then id. */
export const sortByLastName = <U extends Pick<User, 'id' | 'firstName' | 'lastName'>>(
  users: readonly U[],
): U[] =>
  [...users].sort(
    (a, b) =>
      a.lastName.localeCompare(b.lastName, undefined, { sensitivity: 'base' }) ||
      a.firstName.localeCompare(b.firstName, undefined, { sensitivity: 'base' }) ||
      a.id - b.id,
  );

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();
