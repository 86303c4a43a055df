import { messages } from '@sitewalk/shared/messages';
import { Role, isRoleId } from '@sitewalk/shared/roles';
import {
  actorOf,
  canSee,
  isCompanyWide,
  isGlobal,
  userPlacementOf,
  type Actor,
  type PlacementOf,
} from '@sitewalk/shared/policy';
import type { DataService } from '../db/service.ts';
import type { OrganizationItem } from '../db/entities/organization.ts';
import { listAllManagementCompanies } from '../db/managementCompanies.ts';
import { byName, getOrganizations, listOrganizationsOfCompany } from '../db/organizations.ts';
import type { UserItem } from '../db/entities/user.ts';
import { getUserAccess } from '../db/users.ts';
import { NotFoundError } from './errors.ts';
import { mapBounded } from './fan-out.ts';

/** A user's placement for the policy, and their own scope as an actor, from one collection query. */
export const loadUserScope = async (db: DataService, userId: number) => {
  const data = await getUserAccess(db, userId);
  const user = data.user[0];
  if (!user || !isRoleId(user.roleId)) return null;
  const memberships = {
    id: user.userId,
    roleId: user.roleId,
    managementCompanyId: user.managementCompanyId ?? null,
    organizationIds: data.userOrganization.map((m) => m.organizationId),
    locations: data.userLocation,
  };
  const placement = userPlacementOf(memberships);
  const asActor = actorOf(memberships);
  return { user, placement, asActor, memberships: data };
};

/** The user `userId` as seen by `actor`: their scope, or 404 when the actor may not see them. */
export const visibleUserScope = async (db: DataService, actor: Actor, userId: number) => {
  const scope = await loadUserScope(db, userId);
  if (!scope || !canSee(actor, scope.placement)) throw new NotFoundError(messages.fetch.userNotFound);
  return scope;
};

/**
 * Each user's placement as far as what the actor may see and do to them needs it (null: the user is gone).
 * Whether a Super User, Admin, Owner or Company Manager sees a user, or stands above them, depends on the
 * user's company and role alone (canSee, 'user'), so for them the users are not read again one user's
 * memberships at a time (at 5,000 users that took minutes: test/bench/super-user-lists, web-pickers); their
 * placements then hold no memberships.
 */
export const placementsSeenBy = async (
  db: DataService,
  actor: Actor,
  users: readonly UserItem[],
): Promise<(PlacementOf<'user'> | null)[]> => {
  if (isGlobal(actor) || isCompanyWide(actor)) {
    return users.map((u) =>
      isRoleId(u.roleId)
        ? userPlacementOf({
            id: u.userId,
            roleId: u.roleId,
            managementCompanyId: u.managementCompanyId ?? null,
            organizationIds: [],
            locations: [],
          })
        : null,
    );
  }
  const scopes = await mapBounded(users, (u) => loadUserScope(db, u.userId));
  return scopes.map((scope) => scope?.placement ?? null);
};

/**
 * A user's scope as an actor, for the lists of what is in it: one's own is the actor's, read already; another
 * user's is read and checked (404 when the actor may not see the user).
 */
export const scopeOfUser = async (db: DataService, actor: Actor, userId: number): Promise<Actor> =>
  userId === actor.userId ? actor : (await visibleUserScope(db, actor, userId)).asActor;

/**
 * Whether a list of a user's scope holds everything of its kind on the stage: a global actor (who sees it
 * all) looking at a global scope. Such a list is read a page at a time from the stage's index.
 */
export const listsWholeStage = (actor: Actor, scope: Actor) => isGlobal(actor) && isGlobal(scope);

/**
 * The organizations in someone's scope, by name: every one for global roles, their companies' for
 * company-wide roles, their own for area managers.
 */
export const organizationsInScope = async (db: DataService, scope: Actor): Promise<OrganizationItem[]> => {
  if (scope.roleId >= Role.Admin) {
    const companies = await listAllManagementCompanies(db);
    const perCompany = await mapBounded(companies, (c) =>
      listOrganizationsOfCompany(db, c.managementCompanyId),
    );
    return perCompany.flat().sort(byName);
  }
  if (scope.roleId >= Role.CompanyManager) {
    const perCompany = await mapBounded(scope.managementCompanyIds, (id) =>
      listOrganizationsOfCompany(db, id),
    );
    return perCompany.flat().sort(byName);
  }
  if (scope.roleId === Role.AreaManager) return getOrganizations(db, scope.organizationIds);
  return [];
};

/** The organizations of one management company in someone's scope, by name: that company's only is read. */
export const organizationsOfCompanyInScope = async (
  db: DataService,
  scope: Actor,
  managementCompanyId: number,
): Promise<OrganizationItem[]> => {
  const wholeCompany =
    scope.roleId >= Role.Admin ||
    (scope.roleId >= Role.CompanyManager && scope.managementCompanyIds.includes(managementCompanyId));
  if (wholeCompany) return (await listOrganizationsOfCompany(db, managementCompanyId)).sort(byName);
  return (await organizationsInScope(db, scope)).filter((o) => o.managementCompanyId === managementCompanyId);
};
