import { describe, expect, it } from 'vitest';
import {
  joinsOrganizations,
  mayTakeAlertsFromBelow,
  Role,
  roleFields,
  takesOwnLocationAlerts,
} from './roles.ts';

// The role rules the server and the SPA both read: a change here changes both sides at once.
describe('role rules, role by role', () => {
  const rows = [
    // role, joins areas, takes its own location's alerts, may take alerts from below, fills in areas, locations
    [Role.SuperUser, true, false, true, false, false],
    [Role.Admin, true, false, true, false, false],
    [Role.Owner, true, false, true, false, false],
    [Role.CompanyManager, true, false, true, false, false],
    [Role.AreaManager, true, false, true, true, false],
    [Role.Manager, false, true, false, false, true],
    [Role.AssistantManager, false, true, false, false, true],
    [Role.Employee, false, false, false, false, true],
  ] as const;

  it.each(rows)('role %i', (roleId, joins, own, fromBelow, organizations, locations) => {
    expect(joinsOrganizations(roleId)).toBe(joins);
    expect(takesOwnLocationAlerts(roleId)).toBe(own);
    expect(mayTakeAlertsFromBelow(roleId)).toBe(fromBelow);
    expect(roleFields(roleId).organizations).toBe(organizations);
    expect(roleFields(roleId).locations).toBe(locations);
  });
});
