import { canManageMembership, type Actor, type PlacementOf } from '@sitewalk/shared/policy';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';

import type { MembershipContainer as Container, UsersSource } from '../../api/users.ts';

export type { Container, UsersSource };

/**
 * A listed user as the policy's placement. The API only lists users inside the signed-in user's scope, so
 * the areas of their locations (which the user record does not carry) are taken to be the actor's own:
 * the scope question has already been answered by the server.
 */
export const userPlacement = (actor: Actor, user: User): PlacementOf<'user'> => ({
  kind: 'user',
  id: user.id,
  roleId: user.roleId as RoleId,
  managementCompanyId: user.managementCompanyId,
  organizationIds: user.userToOrganization.map(({ organizationId }) => organizationId),
  locationIds: user.userToLocation.map(({ locationId }) => locationId),
  locationOrganizationIds: actor.organizationIds,
});

/** Whether the signed-in user may add this user to, or remove them from, the container. */
export const mayManage = (actor: Actor, container: Container, user: User): boolean =>
  canManageMembership(actor, container, userPlacement(actor, user));

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
) => {
  const memberIds = new Set(members.map(({ id }) => id));
  return sortByLastName(
    users.filter(
      (user) =>
        !memberIds.has(user.id) &&
        !isMember(container, user) &&
        user.managementCompanyId === container.managementCompanyId &&
        (container.kind === 'location' || user.roleId >= Role.AreaManager) &&
        mayManage(actor, container, user),
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
