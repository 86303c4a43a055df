import { useMemo } from 'react';
import {
  actorOf,
  can,
  canOpenSection,
  taskPlacementOf,
  userPlacementOf,
  type Actions,
  type Actor,
  type Kind,
  type Memberships,
  type PlacementOf,
  type Section,
} from '@sitewalk/shared/policy';
import type { RoleId } from '@sitewalk/shared/roles';
import type { Location } from '@sitewalk/shared/schemas/location';
import type { Task } from '@sitewalk/shared/schemas/task';
import type { User } from '@sitewalk/shared/schemas/user';
import { useCurrentUser } from './auth.tsx';

/**
 * Show or hide by the shared policy (shared/src/policy.ts), never by role numbers in components. The
 * server decides every call again; this only keeps the screens honest.
 */

/** The locations the signed-in user sees, by id: where the SPA learns the area and company of a location. */
export type KnownLocations = readonly Pick<Location, 'id' | 'organizationId' | 'managementCompanyId'>[];

/**
 * A user's memberships as the API answers them, with the area the API gives each location; `knownLocations`
 * (locations a screen has loaded anyway) fill in one it does not give (a user saved before it did).
 */
export const membershipsOf = (user: User, knownLocations: KnownLocations = []): Memberships => ({
  id: user.id,
  roleId: user.roleId as RoleId,
  managementCompanyId: user.managementCompanyId,
  organizationIds: user.userToOrganization.map(({ organizationId }) => organizationId),
  locations: user.userToLocation.map(({ locationId, location }) => ({
    locationId,
    organizationId:
      location.organizationId ?? knownLocations.find(({ id }) => id === locationId)?.organizationId,
  })),
});

/** A user as the policy's placement (the shared builder the server uses too). */
export const userPlacement = (user: User, knownLocations: KnownLocations = []): PlacementOf<'user'> =>
  userPlacementOf(membershipsOf(user, knownLocations));

/** The signed-in user as the policy's actor. */
export const actorOfUser = (user: User): Actor => actorOf(membershipsOf(user));

type KnownLocation = KnownLocations[number];

/** Where a location's objects sit, once the location is among the known ones. */
export const knownLocation = (knownLocations: KnownLocations | undefined, locationId: number) =>
  knownLocations?.find(({ id }) => id === locationId);

/**
 * A task as the policy's placement, at its location (null while the location is not known); without a
 * task, one not made yet, to ask whether a task may be created there.
 */
export const taskPlacement = (
  location: KnownLocation | undefined,
  task?: Pick<Task, 'id' | 'assignee' | 'createdBy'>,
): PlacementOf<'task'> | null =>
  location
    ? taskPlacementOf(
        { id: task?.id ?? 0, assigneeId: task?.assignee?.id ?? null, createdBy: task?.createdBy?.id ?? 0 },
        {
          locationId: location.id,
          organizationId: location.organizationId,
          managementCompanyId: location.managementCompanyId,
        },
      )
    : null;

/** The signed-in user as the policy's actor, with the questions screens ask. */
export const useAuthorization = () => {
  const user = useCurrentUser();
  return useMemo(() => {
    const actor = actorOfUser(user);
    return {
      actor,
      canOpen: (section: Section) => canOpenSection(actor, section),
      /** Whether the policy allows the action; false while the placement is not known yet. */
      can: <K extends Kind>(action: Actions[K], placement: PlacementOf<K> | null) =>
        placement !== null && can(actor, action, placement),
    };
  }, [user]);
};
