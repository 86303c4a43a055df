import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Role } from '@sitewalk/shared/roles';
import { defaultWindows } from '@sitewalk/shared/walk-windows';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { locationBody } from '../../../test/support/site.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from './client.ts';
import { createService, type DataService } from './service.ts';
import { nextIds } from './counters.ts';
import { countedTotals, keepAreaMembers, keptTotals } from './area-members.ts';
import { createOrganization, getOrganization } from './organizations.ts';
import { createLocation, getLocation, membershipsOfLocation, moveLocation } from './locations.ts';
import { joinPlace, leaveLocation } from './memberships.ts';
import { createUserWithMemberships } from './users.ts';

let db: DataService;

beforeAll(async () => {
  await isolatedEnvironment();
  db = createService(createDocumentClient(readEnv(tableEnv)), readEnv(tableEnv).TABLE_NAME);
});

const actor = { userId: 0, roleId: Role.SuperUser };
const schedule = { timeZone: 'America/Los_Angeles', windows: defaultWindows() };

/** A company with areas (kept totals from their create), a location in the first, and an employee. */
const site = async (areas: number) => {
  const [managementCompanyId] = await nextIds(db, 'managementCompany', 1);
  const organizationIds = await nextIds(db, 'organization', areas);
  for (const organizationId of organizationIds) {
    await createOrganization(
      db,
      organizationId,
      { managementCompanyId: managementCompanyId!, name: `Area ${organizationId}` },
      actor,
    );
  }
  const [locationId] = await nextIds(db, 'location', 1);
  const location = await createLocation(
    db,
    locationId!,
    { ...locationBody(`Site ${locationId}`, organizationIds[0]!), managementCompanyId: managementCompanyId! },
    schedule,
    actor,
  );
  const [userId] = await nextIds(db, 'user', 1);
  const user = {
    userId: userId!,
    firstName: 'Race',
    lastName: 'Tester',
    roleId: Role.Employee,
    managementCompanyId: managementCompanyId!,
  };
  expect(await createUserWithMemberships(db, user, [], [], actor)).toBe(true);
  return { organizationIds, location, userId: userId! };
};

/** The area's totals as kept on its item, and as counted from its partition. */
const totals = async (organizationId: number) => {
  const area = (await getOrganization(db, organizationId))!;
  return { kept: keptTotals(area), counted: await countedTotals(db, organizationId) };
};

describe("an area's kept totals", () => {
  it('are counted again by the backfill when a leave lands between its count and its write', async () => {
    const { organizationIds, location, userId } = await site(1);
    const [organizationId] = organizationIds as [number];
    expect(await joinPlace(db, { kind: 'location', item: location }, [userId], actor)).toBe(true);
    // As an area from before: its sets not kept.
    await db.documentClient.send(
      new UpdateCommand({
        TableName: db.table,
        Key: db.entities.organization.get({ organizationId }).params().Key,
        UpdateExpression: 'REMOVE membersKept, membersVersion, locationIds',
      }),
    );
    expect(keptTotals((await getOrganization(db, organizationId))!)).toBeNull();

    // The leave commits after the backfill counted the member in the area's partition, before its write.
    let left = false;
    const racing: DataService = Object.assign(Object.create(db) as DataService, {
      documentClient: {
        send: async (command: unknown) => {
          if (command instanceof UpdateCommand && !left) {
            left = true;
            expect(await leaveLocation(db, { userId }, location, actor)).toBe(true);
          }
          return db.documentClient.send(command as UpdateCommand);
        },
      },
    });
    expect(await keepAreaMembers(racing, organizationId)).toBe(true);
    expect(left).toBe(true);
    const counted = { totalLocations: 1, totalEmployees: 0 };
    expect(await totals(organizationId)).toEqual({ kept: counted, counted });
    // Kept now: nothing more to write.
    expect(await keepAreaMembers(db, organizationId)).toBe(false);
  });

  it('refuse a move carrying the members it read when one joined since, so no membership stays behind', async () => {
    const { organizationIds, location, userId } = await site(2);
    const [from, to] = organizationIds as [number, number];
    // The move read the location and its members (none), then the user joined.
    const members = await membershipsOfLocation(db, location.locationId);
    expect(await joinPlace(db, { kind: 'location', item: location }, [userId], actor)).toBe(true);
    expect(await moveLocation(db, location, to, {}, members, actor)).toBe(false);
    const one = { totalLocations: 1, totalEmployees: 1 };
    expect(await totals(from)).toEqual({ kept: one, counted: one });

    // Read again, it moves with them.
    const current = (await getLocation(db, location.locationId))!;
    const moving = await membershipsOfLocation(db, location.locationId);
    expect(await moveLocation(db, current, to, {}, moving, actor)).toBe(true);
    expect(await totals(to)).toEqual({ kept: one, counted: one });
    const none = { totalLocations: 0, totalEmployees: 0 };
    expect(await totals(from)).toEqual({ kept: none, counted: none });
  });

  it('refuse a leave from the area a location had when read, once a move took it and its members elsewhere', async () => {
    const { organizationIds, location, userId } = await site(2);
    const [from, to] = organizationIds as [number, number];
    expect(await joinPlace(db, { kind: 'location', item: location }, [userId], actor)).toBe(true);
    const joined = (await getLocation(db, location.locationId))!;
    expect(await moveLocation(db, joined, to, {}, [{ userId }], actor)).toBe(true);

    // The leave read the location before the move.
    expect(await leaveLocation(db, { userId }, location, actor)).toBe(false);
    const one = { totalLocations: 1, totalEmployees: 1 };
    expect(await totals(to)).toEqual({ kept: one, counted: one });
    const none = { totalLocations: 0, totalEmployees: 0 };
    expect(await totals(from)).toEqual({ kept: none, counted: none });
    // Read again, it leaves.
    expect(await leaveLocation(db, { userId }, (await getLocation(db, location.locationId))!, actor)).toBe(
      true,
    );
    expect(await totals(to)).toEqual({
      kept: { totalLocations: 1, totalEmployees: 0 },
      counted: { totalLocations: 1, totalEmployees: 0 },
    });
  });
});
