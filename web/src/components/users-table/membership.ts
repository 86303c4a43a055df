import { canManageMembership, type Actor } from '@sitewalk/shared/policy';
import type { User } from '@sitewalk/shared/schemas/user';
import { userPlacement } from '../../lib/authorization.ts';

import type { MembershipContainer as Container, UsersSource } from '../../api/users.ts';

export type { Container, UsersSource };

/**
 * Whether the signed-in user may remove this user from the container (the server decides who may be added:
 * the Add Users dialog asks it for those only). The areas of the user's locations come with the user, and
 * a location container is known with its own.
 */
export const mayManage = (actor: Actor, container: Container, user: User): boolean =>
  canManageMembership(
    actor,
    container,
    userPlacement(user, container.kind === 'location' ? [container] : []),
  );

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();
