import { Role, roleIds, type RoleId } from './roles.ts';

/**
 * The one authorization policy (the rules are tabled in docs/authorization.md).
 * The server asks it about every object it touches, after loading where the object sits; the SPA asks it
 * only to show or hide. Outside the actor's scope an object is 'not-found' (404): its existence is not
 * revealed. Inside it, a forbidden action is 'forbidden' (403).
 */

export interface Actor {
  userId: number;
  roleId: RoleId;
  managementCompanyIds: readonly number[];
  organizationIds: readonly number[];
  locationIds: readonly number[];
}

interface AtLocation {
  managementCompanyId: number;
  organizationId: number;
  locationId: number;
}

/** Where an object sits in the hierarchy, as loaded by the server before it asks. */
export type Placement =
  | { kind: 'managementCompany'; id: number }
  | { kind: 'organization'; id: number; managementCompanyId: number }
  | ({ kind: 'location'; id: number } & AtLocation)
  | ({ kind: 'walk'; id: number } & AtLocation)
  | ({ kind: 'walkReport'; id: number } & AtLocation)
  | ({ kind: 'incident'; id: number } & AtLocation)
  | ({ kind: 'task'; id: number; assigneeId: number | null; createdBy: number } & AtLocation)
  | {
      kind: 'user';
      id: number;
      roleId: RoleId;
      managementCompanyId: number | null;
      organizationIds: readonly number[];
      locationIds: readonly number[];
      /** The areas of the user's locations. */
      locationOrganizationIds: readonly number[];
    };

/**
 * A user's memberships as the policy reads them: their company, their areas, and their locations with the
 * area each lies in where the asker knows it (the server always does; the SPA knows the areas of the
 * locations it sees, which are the only ones that can bring the user into its scope).
 */
export interface Memberships {
  id: number;
  roleId: RoleId;
  managementCompanyId: number | null;
  organizationIds: readonly number[];
  locations: readonly { locationId: number; organizationId?: number | undefined }[];
}

/** Where a user belongs, for the policy: the one builder, used by the server and the SPA alike. */
export const userPlacementOf = (user: Memberships): PlacementOf<'user'> => ({
  kind: 'user',
  id: user.id,
  roleId: user.roleId,
  managementCompanyId: user.managementCompanyId,
  organizationIds: [...user.organizationIds],
  locationIds: user.locations.map(({ locationId }) => locationId),
  locationOrganizationIds: [
    ...new Set(
      user.locations.flatMap(({ organizationId }) => (organizationId === undefined ? [] : [organizationId])),
    ),
  ],
});

/**
 * Where a task sits, for the policy: at its location, with its assignee (null when unassigned) and creator.
 * The one builder, used by the server and the SPA alike; a task not made yet (asking whether one may be
 * created) has id 0 and creator 0.
 */
export const taskPlacementOf = (
  task: { id: number; assigneeId: number | null; createdBy: number },
  location: AtLocation,
): PlacementOf<'task'> => ({
  kind: 'task',
  id: task.id,
  assigneeId: task.assigneeId,
  createdBy: task.createdBy,
  locationId: location.locationId,
  organizationId: location.organizationId,
  managementCompanyId: location.managementCompanyId,
});

/** The same user acting: their own scope. */
export const actorOf = (user: Memberships): Actor => ({
  userId: user.id,
  roleId: user.roleId,
  managementCompanyIds: user.managementCompanyId === null ? [] : [user.managementCompanyId],
  organizationIds: [...user.organizationIds],
  locationIds: user.locations.map(({ locationId }) => locationId),
});

export type Kind = Placement['kind'];
export type PlacementOf<K extends Kind> = Extract<Placement, { kind: K }>;

export interface Actions {
  /** rosterMapping: read and save the company's remembered roster CSV mapping (issue 31). */
  managementCompany: 'read' | 'create' | 'update' | 'delete' | 'uploadLogo' | 'rosterMapping';
  organization: 'read' | 'create' | 'update' | 'delete' | 'uploadLogo' | 'manageMembers';
  /**
   * importRoster: save a new version of the location's unit roster; resolveLockDiscrepancy: close a finished
   * lock check's discrepancy with a note (issue 31).
   */
  location:
    | 'read'
    | 'create'
    | 'update'
    | 'delete'
    | 'changeOrganization'
    | 'manageMembers'
    | 'setSchedule'
    | 'importRoster'
    | 'resolveLockDiscrepancy';
  walk: 'read' | 'create' | 'update' | 'delete';
  walkReport: 'read' | 'record';
  incident: 'read' | 'create' | 'update' | 'note' | 'resolve' | 'delete';
  task: 'read' | 'create' | 'update' | 'assign' | 'changeStatus' | 'comment' | 'delete';
  user:
    | 'read'
    | 'update'
    | 'changePassword'
    | 'delete'
    | 'setCompanyEmail'
    | 'uploadProfileImage'
    | 'revealPin'
    | 'tablePreference'
    /** Turn off someone's two-step verification after a lost phone: a superior, never oneself. */
    | 'resetMfa';
}
export type Action<K extends Kind = Kind> = Actions[K];

export type Decision = 'allow' | 'forbidden' | 'not-found';

/** Super Users and Admins act over every company: they see every object. */
export const isGlobal = (actor: Actor) => actor.roleId >= Role.Admin;
/** Owners and company managers act over whole companies. */
export const isCompanyWide = (actor: Actor) => actor.roleId >= Role.CompanyManager;
const has = (list: readonly number[], id: number | null) => id !== null && list.includes(id);
const sharesAny = (a: readonly number[], b: readonly number[]) => a.some((id) => b.includes(id));

const seesLocation = (actor: Actor, at: AtLocation): boolean => {
  if (isGlobal(actor)) return true;
  if (isCompanyWide(actor)) return has(actor.managementCompanyIds, at.managementCompanyId);
  if (actor.roleId === Role.AreaManager) return has(actor.organizationIds, at.organizationId);
  return has(actor.locationIds, at.locationId);
};

/** The actor's scope: may they know this object exists? */
export const canSee = (actor: Actor, placement: Placement): boolean => {
  switch (placement.kind) {
    case 'managementCompany':
      return isGlobal(actor) || has(actor.managementCompanyIds, placement.id);
    case 'organization':
      if (isGlobal(actor)) return true;
      if (isCompanyWide(actor)) return has(actor.managementCompanyIds, placement.managementCompanyId);
      return actor.roleId === Role.AreaManager && has(actor.organizationIds, placement.id);
    case 'location':
      return seesLocation(actor, { ...placement, locationId: placement.id });
    case 'walk':
    case 'walkReport':
    case 'incident':
    case 'task':
      return seesLocation(actor, placement);
    case 'user':
      if (placement.id === actor.userId || isGlobal(actor)) return true;
      if (isCompanyWide(actor)) return has(actor.managementCompanyIds, placement.managementCompanyId);
      if (actor.roleId === Role.AreaManager) {
        return (
          sharesAny(actor.organizationIds, placement.organizationIds) ||
          sharesAny(actor.organizationIds, placement.locationOrganizationIds)
        );
      }
      return sharesAny(actor.locationIds, placement.locationIds);
  }
};

const atLeast = (actor: Actor, role: RoleId) => actor.roleId >= role;
const above = (actor: Actor, roleId: RoleId) => actor.roleId > roleId;

/** Whether a visible object allows the action; see docs/authorization.md. */
const allows = (actor: Actor, action: Action, placement: Placement): boolean => {
  switch (placement.kind) {
    case 'managementCompany':
      if (action === 'read') return true;
      if (action === 'create' || action === 'delete') return atLeast(actor, Role.Admin);
      if (action === 'rosterMapping') return atLeast(actor, Role.Manager);
      return atLeast(actor, Role.Owner); // update, uploadLogo
    case 'organization':
      if (action === 'read') return true;
      if (action === 'update' || action === 'uploadLogo') return atLeast(actor, Role.AreaManager);
      return atLeast(actor, Role.CompanyManager); // create, delete, manageMembers
    case 'location':
      if (action === 'read') return true;
      if (action === 'changeOrganization') return atLeast(actor, Role.CompanyManager);
      if (action === 'resolveLockDiscrepancy') return atLeast(actor, Role.AssistantManager);
      if (action === 'manageMembers' || action === 'setSchedule' || action === 'importRoster')
        return atLeast(actor, Role.Manager);
      return atLeast(actor, Role.AreaManager); // create, update, delete
    case 'walk':
      return action === 'read' || atLeast(actor, Role.AssistantManager);
    case 'walkReport':
      return true; // read, and record: anyone whose scope holds the location
    case 'incident':
      return action !== 'delete' || atLeast(actor, Role.Manager);
    case 'task':
      switch (action) {
        case 'read':
        case 'comment':
          return true;
        case 'changeStatus': // the assignee works it; the location's leads may too
          return placement.assigneeId === actor.userId || atLeast(actor, Role.AssistantManager);
        case 'update': // title, description, due time, priority
          return placement.createdBy === actor.userId || atLeast(actor, Role.Manager);
        case 'delete':
          return atLeast(actor, Role.Manager);
        default: // create, assign
          return atLeast(actor, Role.AssistantManager);
      }
    case 'user': {
      const self = placement.id === actor.userId;
      switch (action) {
        case 'read':
          return true;
        case 'tablePreference':
          return self;
        case 'update':
        case 'uploadProfileImage':
        case 'changePassword':
        case 'revealPin':
          return self || above(actor, placement.roleId);
        case 'setCompanyEmail':
          return atLeast(actor, Role.CompanyManager) && (self || above(actor, placement.roleId));
        case 'delete':
          return !self && placement.roleId !== Role.SuperUser && above(actor, placement.roleId);
        case 'resetMfa':
          return !self && above(actor, placement.roleId);
        default:
          return false;
      }
    }
  }
};

export const decide = <K extends Kind>(
  actor: Actor,
  action: Actions[K],
  placement: PlacementOf<K>,
): Decision => {
  if (!canSee(actor, placement)) return 'not-found';
  return allows(actor, action, placement) ? 'allow' : 'forbidden';
};

export const can = <K extends Kind>(actor: Actor, action: Actions[K], placement: PlacementOf<K>): boolean =>
  decide(actor, action, placement) === 'allow';

/** Roles strictly below the actor's; the Super User role is never given. */
export const assignableRoles = (actor: Actor): RoleId[] =>
  roleIds.filter((roleId) => roleId < actor.roleId && roleId !== Role.SuperUser);

export const canCreateUserWithRole = (actor: Actor, roleId: RoleId): boolean =>
  assignableRoles(actor).includes(roleId);

export interface UserDraft {
  roleId: RoleId;
  managementCompanyId: number | null;
  organizationIds: readonly number[];
  locationIds: readonly number[];
  locationOrganizationIds: readonly number[];
}

/**
 * Creating a user: a role strictly below the actor's, and a new user who lands wholly inside the actor's
 * scope. Assistant managers may create employees at their own locations; employees create nobody.
 */
export const canCreateUser = (actor: Actor, draft: UserDraft): boolean => {
  if (!canCreateUserWithRole(actor, draft.roleId)) return false;
  if (actor.roleId === Role.AssistantManager && draft.roleId !== Role.Employee) return false;
  if (isGlobal(actor)) return true;
  if (!has(actor.managementCompanyIds, draft.managementCompanyId)) return false;
  if (isCompanyWide(actor)) return true;
  if (actor.roleId === Role.AreaManager) {
    const within = (ids: readonly number[]) => ids.every((id) => actor.organizationIds.includes(id));
    const placed = draft.organizationIds.length + draft.locationIds.length > 0;
    return placed && within(draft.organizationIds) && within(draft.locationOrganizationIds);
  }
  // Managers and assistant managers: the new user's locations, at least one, all among their own.
  return (
    draft.organizationIds.length === 0 &&
    draft.locationIds.length > 0 &&
    draft.locationIds.every((id) => actor.locationIds.includes(id))
  );
};

/**
 * Changing a role: over a visible user strictly below the actor, to a role the actor may assign. The
 * Super User's role never changes and nobody changes their own.
 */
export const canChangeRole = (actor: Actor, target: PlacementOf<'user'>, newRoleId: RoleId): boolean =>
  canSee(actor, target) &&
  target.id !== actor.userId &&
  target.roleId !== Role.SuperUser &&
  above(actor, target.roleId) &&
  canCreateUserWithRole(actor, newRoleId);

/** Moving a location to another area: changeArea on the location, and the destination in scope too. */
export const canMoveLocation = (
  actor: Actor,
  location: PlacementOf<'location'>,
  destination: PlacementOf<'organization'>,
): boolean =>
  can(actor, 'changeOrganization', location) &&
  canSee(actor, destination) &&
  destination.managementCompanyId === location.managementCompanyId;

/** Adding a user to, or removing them from, a location or an area. */
export const canManageMembership = (
  actor: Actor,
  container: PlacementOf<'location'> | PlacementOf<'organization'>,
  target: PlacementOf<'user'>,
): boolean => can(actor, 'manageMembers', container) && canSee(actor, target) && above(actor, target.roleId);

/** The SPA's main sections, as the sidebar lists them. */
export type Section =
  | 'dashboard'
  | 'locations'
  | 'managementCompanies'
  | 'areas'
  | 'users'
  | 'recordWalk'
  | 'tasks'
  | 'alerts'
  | 'activity';

/**
 * Who sees which section in the sidebar: Dashboard and Locations everyone, Management Companies above
 * Owner, Areas and Users above Manager; 'Record a Walk' the roles that walk a site (Employee to Area
 * Manager). The server still decides every call (it lets anyone whose scope holds the location record).
 */
export const canOpenSection = (actor: Pick<Actor, 'roleId'>, section: Section): boolean => {
  switch (section) {
    case 'dashboard':
    case 'locations':
    case 'tasks':
    case 'alerts':
      return true;
    case 'managementCompanies':
      return actor.roleId > Role.Owner;
    case 'areas':
    case 'users':
      return actor.roleId > Role.Manager;
    case 'recordWalk':
      return actor.roleId <= Role.AreaManager;
    case 'activity':
      return actor.roleId >= Role.CompanyManager;
  }
};

/**
 * Reading a company's audit log (its Activity): Company Managers and above, of their own companies (Super
 * Users and Admins: every company, and the system log, 0, of changes that concern no company). Another
 * company's log is not found; below Company Manager, a visible company's log is forbidden.
 */
export const decideActivity = (actor: Actor, managementCompanyId: number): Decision => {
  if (isGlobal(actor)) return 'allow';
  if (managementCompanyId === 0 || !has(actor.managementCompanyIds, managementCompanyId)) return 'not-found';
  return isCompanyWide(actor) ? 'allow' : 'forbidden';
};
