import { useMemo } from 'react';
import {
  can,
  canOpenSection,
  type Actions,
  type Actor,
  type Kind,
  type PlacementOf,
  type Section,
} from '@sitewalk/shared/policy';
import type { RoleId } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';
import { useCurrentUser } from './auth.tsx';

/**
 * Show or hide by the shared policy (shared/src/policy.ts), never by role numbers in components. The
 * server decides every call again; this only keeps the screens honest.
 */
export const actorOf = (user: User): Actor => ({
  userId: user.id,
  roleId: user.roleId as RoleId,
  managementCompanyIds: user.managementCompanyId === null ? [] : [user.managementCompanyId],
  organizationIds: user.userToOrganization.map(({ organizationId }) => organizationId),
  locationIds: user.userToLocation.map(({ locationId }) => locationId),
});

/** The signed-in user as the policy's actor, with the questions screens ask. */
export const useAuthorization = () => {
  const user = useCurrentUser();
  return useMemo(() => {
    const actor = actorOf(user);
    return {
      actor,
      canOpen: (section: Section) => canOpenSection(actor, section),
      can: <K extends Kind>(action: Actions[K], placement: PlacementOf<K>) => can(actor, action, placement),
    };
  }, [user]);
};
