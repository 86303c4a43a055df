import type { PlacementOf } from '@sitewalk/shared/policy';
import type { RoleId } from '@sitewalk/shared/roles';
import type { Location } from '@sitewalk/shared/schemas/location';
import type { User } from '@sitewalk/shared/schemas/user';

/**
 * Where a user sits, for the shared policy: their role and memberships, with the areas of their
 * locations looked up among the locations the signed-in user sees (the others are not theirs to judge).
 */
export const userPlacementOf = (
  user: User,
  knownLocations: readonly Pick<Location, 'id' | 'organizationId'>[] = [],
): PlacementOf<'user'> => {
  const locationIds = user.userToLocation.map(({ locationId }) => locationId);
  return {
    kind: 'user',
    id: user.id,
    roleId: user.roleId as RoleId,
    managementCompanyId: user.managementCompanyId,
    organizationIds: user.userToOrganization.map(({ organizationId }) => organizationId),
    locationIds,
    locationOrganizationIds: [
      ...new Set(
        knownLocations.filter((l) => locationIds.includes(l.id)).map(({ organizationId }) => organizationId),
      ),
    ],
  };
};
