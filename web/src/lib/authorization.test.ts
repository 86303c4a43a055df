import { describe, expect, it } from 'vitest';
import { actorOf, can, canSee, userPlacementOf, type Actor } from '@sitewalk/shared/policy';
import { Role, roleIds, type RoleId } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';
import { aLocation, aPerson, dana } from '../testing/fixtures.ts';
import { actorOfUser, taskPlacement, userPlacement } from './authorization.ts';
import { aTask } from '../testing/task-fixtures.ts';

// Company 1: area 3 holds locations 11 and 12, area 4 holds location 13. Company 2: area 5, location 21.
const locations = [
  aLocation({ id: 11, organizationId: 3, managementCompanyId: 1 }),
  aLocation({ id: 12, organizationId: 3, managementCompanyId: 1 }),
  aLocation({ id: 13, organizationId: 4, managementCompanyId: 1 }),
  aLocation({ id: 21, organizationId: 5, managementCompanyId: 2 }),
];
const organizationOf = (locationId: number) => locations.find(({ id }) => id === locationId)?.organizationId;

/** A user's locations as the API answers them: each with its area. */
const atLocations = (...ids: number[]) =>
  ids.map((locationId) => ({
    locationId,
    location: { name: `Location ${locationId}`, organizationId: organizationOf(locationId) ?? null },
  }));
/** As a user saved on the device before the API gave the areas reads: none known. */
const withoutAreas = (user: User): User => ({
  ...user,
  userToLocation: user.userToLocation.map((m) => ({
    ...m,
    location: { ...m.location, organizationId: null },
  })),
});
const inOrganizations = (...ids: number[]) =>
  ids.map((organizationId) => ({ organizationId, organization: { name: `Area ${organizationId}` } }));

/** The same user as the server reads them: memberships with each location's area. */
const asServerHasThem = (user: User) =>
  userPlacementOf({
    id: user.id,
    roleId: user.roleId as RoleId,
    managementCompanyId: user.managementCompanyId,
    organizationIds: user.userToOrganization.map(({ organizationId }) => organizationId),
    locations: user.userToLocation.map(({ locationId }) => ({
      locationId,
      organizationId: organizationOf(locationId),
    })),
  });

const targets: User[] = [
  aPerson({ ...dana, id: 31, roleId: Role.Employee, userToLocation: atLocations(12) }),
  aPerson({ ...dana, id: 32, roleId: Role.Manager, userToLocation: atLocations(13) }),
  aPerson({ ...dana, id: 33, roleId: Role.AreaManager, userToOrganization: inOrganizations(4) }),
  aPerson({
    ...dana,
    id: 34,
    roleId: Role.AssistantManager,
    managementCompanyId: 2,
    userToLocation: atLocations(21),
  }),
  aPerson({ ...dana, id: 35, roleId: Role.CompanyManager }),
];

const actors: Actor[] = [
  actorOfUser(aPerson({ ...dana, id: 1, roleId: Role.AreaManager, userToOrganization: inOrganizations(3) })),
  actorOfUser(aPerson({ ...dana, id: 2, roleId: Role.Manager, userToLocation: atLocations(11, 12) })),
  actorOfUser(aPerson({ ...dana, id: 3, roleId: Role.CompanyManager })),
  actorOfUser(aPerson({ ...dana, id: 4, roleId: Role.Admin, managementCompanyId: null })),
];

describe('one placement builder for the server and the SPA', () => {
  it('places a user as the server does, from the areas the API gives with the user', () => {
    for (const target of targets) expect(userPlacement(target)).toEqual(asServerHasThem(target));
  });

  it('places a user saved without areas as the server does, when the SPA knows the locations', () => {
    for (const target of targets)
      expect(userPlacement(withoutAreas(target), locations)).toEqual(asServerHasThem(target));
  });

  it('answers every question the same on both sides, for every actor', () => {
    const actions = ['read', 'update', 'changePassword', 'delete', 'revealPin', 'resetMfa'] as const;
    for (const actor of actors) {
      for (const target of targets) {
        const spa = userPlacement(target);
        const server = asServerHasThem(target);
        expect(canSee(actor, spa)).toBe(canSee(actor, server));
        for (const action of actions) expect(can(actor, action, spa)).toBe(can(actor, action, server));
      }
    }
  });

  it("lets an Area Manager see a user of their area's locations once the location's area is known", () => {
    const [areaManager] = actors;
    const employee = targets[0]!;
    expect(canSee(areaManager!, userPlacement(employee))).toBe(true);
    expect(canSee(areaManager!, userPlacement(withoutAreas(employee), locations))).toBe(true);
    // Unknown areas bring nobody into scope: the screen hides rather than shows what the server refuses.
    expect(canSee(areaManager!, userPlacement(withoutAreas(employee), []))).toBe(false);
  });

  it('makes the signed-in user the same actor as the server makes them', () => {
    for (const roleId of roleIds) {
      const user = aPerson({
        ...dana,
        roleId,
        userToLocation: atLocations(11),
        userToOrganization: inOrganizations(3),
      });
      expect(actorOfUser(user)).toEqual(
        actorOf({
          id: user.id,
          roleId,
          managementCompanyId: user.managementCompanyId,
          organizationIds: [3],
          locations: [{ locationId: 11, organizationId: 3 }],
        }),
      );
    }
  });
});

describe('taskPlacement', () => {
  const task = aTask({ locationId: 12, createdBy: { id: 31, firstName: 'E', lastName: 'M' } });

  it("is not known until the task's location is among the known ones", () => {
    expect(taskPlacement(undefined, task)).toBeNull();
  });

  it("places a task at its location's area and company, with its creator and assignee", () => {
    expect(taskPlacement(locations[1], task)).toEqual({
      kind: 'task',
      id: task.id,
      assigneeId: 21,
      createdBy: 31,
      locationId: 12,
      organizationId: 3,
      managementCompanyId: 1,
    });
  });

  it('lets the creator who is an Employee update it, not another Employee of the location', () => {
    const placement = taskPlacement(locations[1], task)!;
    const creator = actorOfUser(
      aPerson({ ...dana, id: 31, roleId: Role.Employee, userToLocation: atLocations(12) }),
    );
    const other = actorOfUser(
      aPerson({ ...dana, id: 36, roleId: Role.Employee, userToLocation: atLocations(12) }),
    );
    expect(can(creator, 'update', placement)).toBe(true);
    expect(can(other, 'update', placement)).toBe(false);
    expect(can(creator, 'delete', placement)).toBe(false);
  });
});
