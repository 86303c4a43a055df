import { describe, expect, it } from 'vitest';
import { Role, roleFields, roleIds, type RoleId } from './roles.ts';
import {
  actorOf,
  assignableRoles,
  can,
  canChangeRole,
  canCreateUser,
  canManageMembership,
  canMoveLocation,
  canOpenSection,
  canSee,
  decide,
  decideActivity,
  taskPlacementOf,
  userPlacementOf,
  type Action,
  type Actor,
  type Placement,
  type PlacementOf,
} from './policy.ts';

// Two tenants. A: company 1, areas 11 and 12, locations 111 (area 11) and 121 (area 12).
// B: company 2, area 21, location 211.
const company = (id: number): Placement => ({ kind: 'managementCompany', id });
const area = (id: number, managementCompanyId: number): PlacementOf<'organization'> => ({
  kind: 'organization',
  id,
  managementCompanyId,
});
const at = (locationId: number) => {
  const organizationId = Math.floor(locationId / 10);
  return { managementCompanyId: organizationId >= 20 ? 2 : 1, organizationId, locationId };
};
const location = (id: number): PlacementOf<'location'> => ({ kind: 'location', id, ...at(id) });
const walk = (locationId: number): Placement => ({ kind: 'walk', id: 900 + locationId, ...at(locationId) });
const walkReport = (locationId: number): Placement => ({
  kind: 'walkReport',
  id: 800 + locationId,
  ...at(locationId),
});
const incident = (locationId: number): Placement => ({
  kind: 'incident',
  id: 700 + locationId,
  ...at(locationId),
});

/** An actor of tenant A with the scope their role has: areas for area managers, location 111 below. */
const actorA = (roleId: RoleId, userId = 5000 + roleId): Actor => ({
  userId,
  roleId,
  managementCompanyIds: roleId >= Role.Admin ? [] : [1],
  organizationIds: roleId === Role.AreaManager ? [11] : [],
  locationIds: roleId <= Role.Manager ? [111] : [],
});

const userAt = (id: number, roleId: RoleId, locationId: number): PlacementOf<'user'> => ({
  kind: 'user',
  id,
  roleId,
  managementCompanyId: at(locationId).managementCompanyId,
  organizationIds: [],
  locationIds: [locationId],
  locationOrganizationIds: [at(locationId).organizationId],
});

const names = Object.fromEntries(roleIds.map((r) => [r, `role ${r}`]));

/** Which objects each role can see, written out from docs/authorization.md. */
const visibleTo: Record<RoleId, string[]> = {
  50: [
    'company 1',
    'area 11',
    'area 12',
    'location 111',
    'location 121',
    'company 2',
    'area 21',
    'location 211',
  ],
  45: [
    'company 1',
    'area 11',
    'area 12',
    'location 111',
    'location 121',
    'company 2',
    'area 21',
    'location 211',
  ],
  40: ['company 1', 'area 11', 'area 12', 'location 111', 'location 121'],
  30: ['company 1', 'area 11', 'area 12', 'location 111', 'location 121'],
  20: ['company 1', 'area 11', 'location 111'],
  10: ['company 1', 'location 111'],
  5: ['company 1', 'location 111'],
  1: ['company 1', 'location 111'],
};

const objects: [string, Placement][] = [
  ['company 1', company(1)],
  ['area 11', area(11, 1)],
  ['area 12', area(12, 1)],
  ['location 111', location(111)],
  ['location 121', location(121)],
  ['company 2', company(2)],
  ['area 21', area(21, 2)],
  ['location 211', location(211)],
];

/** The least role for each action on each kind (docs/authorization.md), on a visible object. */
const leastRole: { [K in Exclude<Placement['kind'], 'user' | 'task'>]: Record<Action<K>, RoleId> } = {
  managementCompany: { read: 1, create: 45, update: 40, delete: 45, uploadLogo: 40, rosterMapping: 10 },
  organization: { read: 1, create: 30, update: 20, delete: 30, uploadLogo: 20, manageMembers: 30 },
  location: {
    read: 1,
    create: 20,
    update: 20,
    delete: 20,
    changeOrganization: 30,
    manageMembers: 10,
    setSchedule: 10,
    importRoster: 10,
    resolveLockDiscrepancy: 5,
  },
  walk: { read: 1, create: 5, update: 5, delete: 5 },
  walkReport: { read: 1, record: 1 },
  incident: { read: 1, create: 1, update: 1, note: 1, resolve: 1, delete: 10 },
};

describe('scope', () => {
  describe.each(roleIds.map((r) => [names[r], r] as const))('%s', (_name, roleId) => {
    it.each(objects)('sees %s exactly when the rules say so', (label, placement) => {
      expect(canSee(actorA(roleId), placement)).toBe(visibleTo[roleId].includes(label));
    });

    it.each([111, 121, 211])(
      'sees the walks, reports and incidents of location %i as the location itself',
      (locationId) => {
        const expected = visibleTo[roleId].includes(`location ${locationId}`);
        for (const placement of [walk(locationId), walkReport(locationId), incident(locationId)]) {
          expect(canSee(actorA(roleId), placement)).toBe(expected);
        }
      },
    );
  });
});

describe('actions on visible and invisible objects', () => {
  const cases = roleIds.flatMap((roleId) =>
    (Object.keys(leastRole) as (keyof typeof leastRole)[]).flatMap((kind) =>
      Object.entries(leastRole[kind]).flatMap(([action, least]) =>
        [111, 121, 211].map((locationId) => {
          const placement: Placement =
            kind === 'managementCompany'
              ? company(at(locationId).managementCompanyId)
              : kind === 'organization'
                ? area(at(locationId).organizationId, at(locationId).managementCompanyId)
                : kind === 'location'
                  ? location(locationId)
                  : { kind, id: 1, ...at(locationId) };
          const label =
            kind === 'managementCompany'
              ? `company ${at(locationId).managementCompanyId}`
              : kind === 'organization'
                ? `area ${at(locationId).organizationId}`
                : `location ${locationId}`;
          const expected = !visibleTo[roleId].includes(label)
            ? 'not-found'
            : roleId >= least
              ? 'allow'
              : 'forbidden';
          return [roleId, kind, action, locationId, placement, expected] as const;
        }),
      ),
    ),
  );

  it.each(cases)('role %i, %s %s at location %i', (roleId, _kind, action, _loc, placement, expected) => {
    expect(decide(actorA(roleId), action as never, placement as never)).toBe(expected);
  });

  it('never lets any role of tenant A act on anything of tenant B, except the global roles', () => {
    for (const roleId of roleIds) {
      for (const placement of [
        company(2),
        area(21, 2),
        location(211),
        walk(211),
        walkReport(211),
        incident(211),
      ]) {
        for (const action of Object.keys(leastRole[placement.kind as keyof typeof leastRole])) {
          expect(can(actorA(roleId), action as never, placement as never)).toBe(
            roleId >= Role.Admin &&
              roleId >= leastRole[placement.kind as keyof typeof leastRole][action as never],
          );
        }
      }
    }
  });
});

describe('users: every role pair', () => {
  const pairs = roleIds.flatMap((actorRole) => roleIds.map((targetRole) => [actorRole, targetRole] as const));

  it.each(pairs)('actor %i over a user of role %i in their location', (actorRole, targetRole) => {
    const actor = actorA(actorRole);
    const target = userAt(1, targetRole, 111);
    const strictlyAbove = actorRole > targetRole;
    expect(decide(actor, 'read', target)).toBe('allow');
    expect(can(actor, 'update', target)).toBe(strictlyAbove);
    expect(can(actor, 'changePassword', target)).toBe(strictlyAbove);
    expect(can(actor, 'uploadProfileImage', target)).toBe(strictlyAbove);
    expect(can(actor, 'revealPin', target)).toBe(strictlyAbove);
    expect(can(actor, 'resetMfa', target)).toBe(strictlyAbove);
    expect(can(actor, 'delete', target)).toBe(strictlyAbove && targetRole !== Role.SuperUser);
    expect(can(actor, 'setCompanyEmail', target)).toBe(strictlyAbove && actorRole >= Role.CompanyManager);
    expect(can(actor, 'tablePreference', target)).toBe(false);
    expect(decide(actor, 'update', target)).toBe(strictlyAbove ? 'allow' : 'forbidden');
  });

  it.each(pairs)('actor %i over a user of role %i in tenant B', (actorRole, targetRole) => {
    const target = userAt(2, targetRole, 211);
    const expected = actorRole >= Role.Admin ? (actorRole > targetRole ? 'allow' : 'forbidden') : 'not-found';
    expect(decide(actorA(actorRole), 'update', target)).toBe(expected);
    expect(decide(actorA(actorRole), 'read', target)).toBe(actorRole >= Role.Admin ? 'allow' : 'not-found');
  });

  it.each(roleIds.map((r) => [r]))(
    'role %i may read and update themselves, set their table order, but not delete themselves',
    (roleId) => {
      const actor = actorA(roleId, 77);
      const self: PlacementOf<'user'> = {
        ...userAt(77, roleId, 211),
        locationIds: [],
        locationOrganizationIds: [],
        managementCompanyId: 2,
      };
      expect(canSee(actor, self)).toBe(true);
      expect(can(actor, 'update', self)).toBe(true);
      expect(can(actor, 'changePassword', self)).toBe(true);
      expect(can(actor, 'revealPin', self)).toBe(true);
      expect(can(actor, 'tablePreference', self)).toBe(true);
      expect(can(actor, 'delete', self)).toBe(false);
      expect(can(actor, 'resetMfa', self)).toBe(false);
      expect(canChangeRole(actor, self, Role.Employee)).toBe(false);
    },
  );

  it.each(
    pairs.flatMap(([actorRole, targetRole]) =>
      roleIds.map((newRole) => [actorRole, targetRole, newRole] as const),
    ),
  )('actor %i changing a user of role %i to role %i', (actorRole, targetRole, newRole) => {
    const expected =
      actorRole > targetRole &&
      targetRole !== Role.SuperUser &&
      newRole < actorRole &&
      newRole !== Role.SuperUser;
    expect(canChangeRole(actorA(actorRole), userAt(1, targetRole, 111), newRole)).toBe(expected);
  });

  it('keeps the Super User: nobody deletes them or changes their role', () => {
    const superUser = userAt(1, Role.SuperUser, 111);
    for (const roleId of roleIds) {
      expect(can(actorA(roleId), 'delete', superUser)).toBe(false);
      expect(canChangeRole(actorA(roleId), superUser, Role.Admin)).toBe(false);
    }
  });

  it('lets an area manager see users of their areas and of the locations in them, and no one else', () => {
    const areaManager = actorA(Role.AreaManager);
    expect(
      canSee(areaManager, {
        ...userAt(1, Role.Employee, 121),
        organizationIds: [11],
        locationOrganizationIds: [],
      }),
    ).toBe(true);
    expect(canSee(areaManager, userAt(2, Role.Employee, 111))).toBe(true);
    expect(canSee(areaManager, userAt(3, Role.Employee, 121))).toBe(false);
  });

  it('lets managers and below see only users who share a location with them', () => {
    for (const roleId of [Role.Manager, Role.AssistantManager, Role.Employee]) {
      expect(canSee(actorA(roleId), userAt(1, Role.Employee, 111))).toBe(true);
      expect(canSee(actorA(roleId), userAt(2, Role.Employee, 121))).toBe(false);
    }
  });
});

describe('creating users', () => {
  const draftAt = (roleId: RoleId, locationId: number) => ({
    roleId,
    managementCompanyId: at(locationId).managementCompanyId,
    organizationIds: [] as number[],
    locationIds: [locationId],
    locationOrganizationIds: [at(locationId).organizationId],
  });

  it.each(roleIds.map((r) => [r, assignableRoles(actorA(r))] as const))(
    'role %i may assign %j',
    (roleId, assignable) => {
      expect(assignable).toEqual(roleIds.filter((r) => r < roleId && r !== Role.SuperUser));
    },
  );

  it.each(roleIds.flatMap((actorRole) => roleIds.map((newRole) => [actorRole, newRole] as const)))(
    'role %i creating a user of role %i at their own location',
    (actorRole, newRole) => {
      const expected =
        newRole < actorRole &&
        newRole !== Role.SuperUser &&
        actorRole !== Role.Employee &&
        (actorRole !== Role.AssistantManager || newRole === Role.Employee);
      expect(canCreateUser(actorA(actorRole), draftAt(newRole, 111))).toBe(expected);
    },
  );

  it.each(roleIds.map((r) => [r]))('role %i creating a user in tenant B', (actorRole) => {
    expect(canCreateUser(actorA(actorRole), draftAt(Role.Employee, 211))).toBe(actorRole >= Role.Admin);
  });

  it('keeps area managers and managers inside their own areas and locations', () => {
    expect(canCreateUser(actorA(Role.AreaManager), draftAt(Role.Employee, 121))).toBe(false);
    expect(
      canCreateUser(actorA(Role.AreaManager), { ...draftAt(Role.Manager, 111), organizationIds: [12] }),
    ).toBe(false);
    expect(canCreateUser(actorA(Role.Manager), draftAt(Role.Employee, 121))).toBe(false);
    expect(canCreateUser(actorA(Role.Manager), { ...draftAt(Role.Employee, 111), locationIds: [] })).toBe(
      false,
    );
  });
});

describe('moving locations and memberships', () => {
  it('moves a location only within its company, by company managers and above', () => {
    expect(canMoveLocation(actorA(Role.CompanyManager), location(111), area(12, 1))).toBe(true);
    expect(canMoveLocation(actorA(Role.CompanyManager), location(111), area(21, 2))).toBe(false);
    expect(canMoveLocation(actorA(Role.AreaManager), location(111), area(11, 1))).toBe(false);
    expect(canMoveLocation(actorA(Role.Admin), location(111), area(21, 2))).toBe(false);
  });

  it('adds users to a location for managers and above, over users below them', () => {
    expect(canManageMembership(actorA(Role.Manager), location(111), userAt(1, Role.Employee, 111))).toBe(
      true,
    );
    expect(canManageMembership(actorA(Role.Manager), location(111), userAt(1, Role.Manager, 111))).toBe(
      false,
    );
    expect(
      canManageMembership(actorA(Role.AssistantManager), location(111), userAt(1, Role.Employee, 111)),
    ).toBe(false);
    expect(canManageMembership(actorA(Role.Manager), location(211), userAt(1, Role.Employee, 211))).toBe(
      false,
    );
  });

  it('adds users to an area for company managers and above', () => {
    expect(
      canManageMembership(actorA(Role.CompanyManager), area(11, 1), userAt(1, Role.AreaManager, 111)),
    ).toBe(true);
    expect(canManageMembership(actorA(Role.AreaManager), area(11, 1), userAt(1, Role.Employee, 111))).toBe(
      false,
    );
    expect(canManageMembership(actorA(Role.Owner), area(21, 2), userAt(1, Role.Employee, 211))).toBe(false);
  });
});

describe('sections of the sidebar', () => {
  it.each(roleIds)('role %i sees Dashboard and Locations, and the rest by the spec', (roleId) => {
    const actor = { roleId };
    expect(canOpenSection(actor, 'dashboard')).toBe(true);
    expect(canOpenSection(actor, 'locations')).toBe(true);
    expect(canOpenSection(actor, 'managementCompanies')).toBe(roleId > 40);
    expect(canOpenSection(actor, 'areas')).toBe(roleId > 10);
    expect(canOpenSection(actor, 'recordWalk')).toBe(roleId <= 20);
    expect(canOpenSection(actor, 'users')).toBe(roleId > 10);
    expect(canOpenSection(actor, 'activity')).toBe(roleId >= Role.CompanyManager);
  });
});

describe('the audit log (Activity)', () => {
  it.each(roleIds)('role %i of tenant A: its own log, another company’s and the system log', (roleId) => {
    // Act
    const actor = actorA(roleId);
    const own = decideActivity(actor, 1);
    const other = decideActivity(actor, 2);
    const system = decideActivity(actor, 0);

    // Assess
    const global = roleId >= Role.Admin;
    expect(own).toBe(roleId >= Role.CompanyManager ? 'allow' : 'forbidden');
    expect(other).toBe(global ? 'allow' : 'not-found');
    expect(system).toBe(global ? 'allow' : 'not-found');
  });
});

describe('tasks', () => {
  const task = (locationId: number, assigneeId: number | null, createdBy: number): Placement =>
    taskPlacementOf({ id: 1, assigneeId, createdBy }, at(locationId));
  const someoneElse = 999;

  it.each(roleIds.map((r) => [names[r], r] as const))(
    '%s: a task is visible exactly as its location',
    (_n, roleId) => {
      for (const locationId of [111, 121, 211]) {
        expect(canSee(actorA(roleId), task(locationId, null, someoneElse))).toBe(
          visibleTo[roleId].includes(`location ${locationId}`),
        );
      }
    },
  );

  it.each([
    ['an employee reads and comments', Role.Employee, someoneElse, 'read', 'allow'],
    ['an employee comments', Role.Employee, someoneElse, 'comment', 'allow'],
    ['an employee does not create', Role.Employee, someoneElse, 'create', 'forbidden'],
    ['an employee does not assign', Role.Employee, someoneElse, 'assign', 'forbidden'],
    ["an employee does not change another's status", Role.Employee, someoneElse, 'changeStatus', 'forbidden'],
    ['the assignee changes its status', Role.Employee, 'self', 'changeStatus', 'allow'],
    ['an assistant manager creates', Role.AssistantManager, someoneElse, 'create', 'allow'],
    ['an assistant manager assigns', Role.AssistantManager, someoneElse, 'assign', 'allow'],
    ['an assistant manager changes any status', Role.AssistantManager, someoneElse, 'changeStatus', 'allow'],
    [
      "an assistant manager does not edit another's task",
      Role.AssistantManager,
      someoneElse,
      'update',
      'forbidden',
    ],
    ['a manager edits any task', Role.Manager, someoneElse, 'update', 'allow'],
    ['an assistant manager does not delete', Role.AssistantManager, someoneElse, 'delete', 'forbidden'],
    ['a manager deletes', Role.Manager, someoneElse, 'delete', 'allow'],
  ] as const)('%s', (_label, roleId, assignee, action, expected) => {
    const actor = actorA(roleId);
    const placement = task(111, assignee === 'self' ? actor.userId : assignee, someoneElse);
    expect(decide(actor, action, placement as never)).toBe(expected);
  });

  it("the creator edits their own task's texts", () => {
    const actor = actorA(Role.AssistantManager);
    expect(decide(actor, 'update', task(111, null, actor.userId) as never)).toBe('allow');
  });

  it('nobody of tenant A sees a task of tenant B, except the global roles', () => {
    for (const roleId of roleIds) {
      expect(canSee(actorA(roleId), task(211, null, someoneElse))).toBe(roleId >= Role.Admin);
    }
  });
});

describe('userPlacementOf and actorOf: one builder of a user for the server and the SPA', () => {
  const memberships = {
    id: 9,
    roleId: Role.Manager,
    managementCompanyId: 1,
    organizationIds: [],
    locations: [
      { locationId: 111, organizationId: 11 },
      { locationId: 112, organizationId: 11 },
      { locationId: 121, organizationId: 12 },
    ],
  } as const;

  it("places a user with their locations' areas, each once", () => {
    expect(userPlacementOf(memberships)).toEqual({
      kind: 'user',
      id: 9,
      roleId: Role.Manager,
      managementCompanyId: 1,
      organizationIds: [],
      locationIds: [111, 112, 121],
      locationOrganizationIds: [11, 12],
    });
  });

  it('leaves out the areas the asker does not know, so they bring nobody into scope', () => {
    const placement = userPlacementOf({
      ...memberships,
      locations: [{ locationId: 111 }, { locationId: 121 }],
    });
    expect(placement.locationOrganizationIds).toEqual([]);
    const areaManager: Actor = {
      userId: 2,
      roleId: Role.AreaManager,
      managementCompanyIds: [1],
      organizationIds: [11],
      locationIds: [],
    };
    expect(canSee(areaManager, placement)).toBe(false);
    expect(canSee(areaManager, userPlacementOf(memberships))).toBe(true);
  });

  it('makes the same user an actor of their own scope', () => {
    expect(actorOf(memberships)).toEqual({
      userId: 9,
      roleId: Role.Manager,
      managementCompanyIds: [1],
      organizationIds: [],
      locationIds: [111, 112, 121],
    });
    expect(
      actorOf({ ...memberships, roleId: Role.Admin, managementCompanyId: null }).managementCompanyIds,
    ).toEqual([]);
  });
});

describe('roleFields: what a user of each role fills in', () => {
  it('asks a company below Admin, areas of Area Managers, locations and a PIN below them', () => {
    const table = Object.fromEntries(roleIds.map((r) => [r, roleFields(r)]));
    expect(table[Role.SuperUser]).toMatchObject({
      company: false,
      organizations: false,
      locations: false,
      pin: false,
    });
    expect(table[Role.Admin]).toMatchObject({ company: false, emailRequired: true, locations: false });
    expect(table[Role.Owner]).toMatchObject({
      company: true,
      organizations: false,
      locations: false,
      emailRequired: true,
    });
    expect(table[Role.AreaManager]).toMatchObject({
      company: true,
      organizations: true,
      locations: false,
      pin: false,
    });
    expect(table[Role.Manager]).toMatchObject({
      organizations: false,
      locations: true,
      pin: true,
      pinRequired: true,
    });
    expect(table[Role.AssistantManager]).toMatchObject({
      locations: true,
      pinRequired: true,
      emailRequired: false,
    });
    expect(roleIds.filter((r) => roleFields(r).companyEmail)).toEqual([Role.CompanyManager]);
    expect(table[Role.Employee]).toMatchObject({
      locations: true,
      pin: true,
      pinRequired: false,
      emailRequired: false,
    });
  });
});
