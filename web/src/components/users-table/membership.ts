import { canManageMembership, type Actor } from '@sitewalk/shared/policy';
import type { User } from '@sitewalk/shared/schemas/user';
import { userPlacement, type KnownLocations } from '../../lib/authorization.ts';

import type { MembershipContainer as Container, UsersSource } from '../../api/users.ts';

export type { Container, UsersSource };

/** The locations whose areas the policy may need: the signed-in user's, and the container when a location. */
const knownWith = (container: Container, knownLocations: KnownLocations): KnownLocations =>
  container.kind === 'location' ? [container, ...knownLocations] : knownLocations;

/**
 * Whether the signed-in user may remove this user from the container (the server decides who may be added:
 * the Add Users dialog asks it for those only). The areas of the
 * user's locations come from the locations the signed-in user sees.
 */
export const mayManage = (
  actor: Actor,
  container: Container,
  user: User,
  knownLocations: KnownLocations = [],
): boolean =>
  canManageMembership(actor, container, userPlacement(user, knownWith(container, knownLocations)));

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();
