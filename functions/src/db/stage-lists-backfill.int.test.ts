import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { Role } from '@sitewalk/shared/roles';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from './client.ts';
import { createService, type DataService } from './service.ts';
import { nextIds } from './counters.ts';
import { pageOfStageLocations } from './locations.ts';
import { getOrganization, pageOfStageOrganizations, totalsOfOrganization } from './organizations.ts';
import { keptTotals } from './area-members.ts';
import { countCompanyTally, moveTally, stageTotals } from './company-tallies.ts';
import { createUserWithMemberships, pageOfStageUsers, writeUserChange } from './users.ts';
import { joinPlace } from './memberships.ts';
import { backfillLocation, backfillStageLists } from './stage-lists-backfill.ts';

let db: DataService;
/** An area's totals as its views read them, and whether they were kept on its item. */
const totalsOf = async (organizationId: number) => {
  const area = (await getOrganization(db, organizationId))!;
  return { ...(await totalsOfOrganization(db, area)), kept: keptTotals(area) !== null };
};
let client: ReturnType<typeof createDocumentClient>;
let table: string;

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  client = createDocumentClient(env);
  table = env.TABLE_NAME;
  db = createService(client, table);
});

/** An item as a write from before the stage lists left it: without the attributes `omit` names. */
const putAsBefore = async (params: { Item?: Record<string, unknown> }, omit: readonly string[]) => {
  const item = { ...params.Item };
  for (const name of omit) delete item[name];
  await client.send(new PutCommand({ TableName: table, Item: item }));
};

/** A location in Oldtown, as every write stored it. */
const oldtownLocation = (
  ids: { locationId: number; organizationId: number; managementCompanyId: number },
  name: string,
) => ({
  ...ids,
  name,
  address: '1 Main St',
  city: 'Oldtown',
  state: 'CA',
  zipcode: '93650',
  latitude: 36.8,
  longitude: -119.7,
});
const LOCATION_LIST_KEYS = ['gsi3pk', 'gsi3sk', 'searchText'];

describe("the stage lists' backfill", () => {
  it('gives older locations, areas and users their keys and search text, once, so the lists page and search them', async () => {
    const [companyId] = await nextIds(db, 'managementCompany', 1);
    const [organizationId] = await nextIds(db, 'organization', 1);
    const [locationId] = await nextIds(db, 'location', 1);
    const [userId] = await nextIds(db, 'user', 1);
    const tag = `Backfilled${locationId}`;
    await db.entities.managementCompany
      .create({ managementCompanyId: companyId!, name: `${tag} company`, email: 'old@sitewalk.local' })
      .go();
    await putAsBefore(
      db.entities.organization
        .put({ organizationId: organizationId!, managementCompanyId: companyId!, name: `${tag} area` })
        .params(),
      ['gsi3pk', 'gsi3sk'],
    );
    await putAsBefore(
      db.entities.location
        .put(
          oldtownLocation(
            { locationId: locationId!, organizationId: organizationId!, managementCompanyId: companyId! },
            `${tag} site`,
          ),
        )
        .params(),
      LOCATION_LIST_KEYS,
    );
    await putAsBefore(
      db.entities.user
        .put({
          userId: userId!,
          firstName: 'Old',
          lastName: tag,
          roleId: Role.Employee,
          managementCompanyId: companyId!,
        })
        .params(),
      ['searchText'],
    );
    await putAsBefore(
      db.entities.userOrganization
        .put({ userId: userId!, organizationId: organizationId!, managementCompanyId: companyId! })
        .params(),
      ['gsi2pk', 'gsi2sk'],
    );
    expect(await totalsOf(organizationId!)).toEqual({ totalLocations: 1, totalEmployees: 0, kept: false });
    expect(await stageTotals(db)).toBeNull();
    const search = { offset: 0, limit: 10, searchTerm: tag };
    expect((await pageOfStageLocations(db, search)).totalCount).toBe(0);
    expect((await pageOfStageUsers(db, search)).totalCount).toBe(0);
    const areasBefore = (await pageOfStageOrganizations(db, { offset: 0, limit: 50 })).totalCount;

    expect(await backfillStageLists(db)).toBeGreaterThanOrEqual(4);
    // The area keeps them now: counted from its partition, with the membership's keys restored before.
    expect(await totalsOf(organizationId!)).toEqual({ totalLocations: 1, totalEmployees: 1, kept: true });
    // The user keeps their memberships' ids (the users lists name their places from them).
    expect((await db.entities.user.get({ userId: userId! }).go()).data).toMatchObject({
      membershipIdsKept: true,
      organizationIds: [organizationId],
    });
    expect((await db.entities.user.get({ userId: userId! }).go()).data).not.toHaveProperty('locationIds');

    expect(await pageOfStageLocations(db, { ...search, searchTerm: 'oldtown' })).toMatchObject({
      totalCount: 1,
      items: [{ locationId, name: `${tag} site` }],
    });
    expect(await pageOfStageUsers(db, { ...search, searchTerm: `old ${tag}` })).toMatchObject({
      totalCount: 1,
      items: [{ userId }],
    });
    expect((await pageOfStageOrganizations(db, { offset: 0, limit: 50 })).totalCount).toBe(areasBefore + 1);
    expect(await backfillStageLists(db)).toBe(0);
    // The companies' tallies were counted, and sum to what the indexes hold.
    const all = { offset: 0, limit: 1 };
    expect(await stageTotals(db)).toEqual({
      locations: (await pageOfStageLocations(db, { ...all, searchTerm: '' })).totalCount,
      areas: areasBefore + 1,
      users: (await pageOfStageUsers(db, { ...all, searchTerm: '' })).totalCount,
    });
  });
});

describe("a company's tally", () => {
  it('is counted once; a create that commits while it is counted makes it count again, so none is lost', async () => {
    const [companyId] = await nextIds(db, 'managementCompany', 1);
    let counts = 0;
    const stored = await countCompanyTally(db, companyId!, async () => {
      counts += 1;
      // The first count races a create: its ADD lands between the tally's read and the store.
      if (counts === 1) await moveTally(db, companyId!, 'locations', 1);
      return { locations: 40 + counts, areas: 2, users: 3 };
    });
    expect(stored).toBe(true);
    expect(counts).toBe(2);
    const { data } = await db.entities.companyTally.get({ managementCompanyId: companyId! }).go();
    expect(data).toMatchObject({ locations: 42, areas: 2, users: 3 });
    // Counted already: the writes keep it from here.
    expect(await countCompanyTally(db, companyId!, () => Promise.reject(new Error('counted again')))).toBe(
      false,
    );
  });
});

describe('a backfill beside the API', () => {
  it('never puts a location back as it was read once it has changed: it reads it again and writes the change', async () => {
    const [companyId] = await nextIds(db, 'managementCompany', 1);
    const [locationId] = await nextIds(db, 'location', 1);
    const before = oldtownLocation(
      { locationId: locationId!, organizationId: 1, managementCompanyId: companyId! },
      `Raced${locationId} site`,
    );
    const omitted = LOCATION_LIST_KEYS;
    await putAsBefore(db.entities.location.put(before).params(), omitted);
    const asRead = (await db.entities.location.get({ locationId: locationId! }).go()).data!;
    // Meanwhile the location is renamed by a write that, as before the lists, leaves the keys out.
    const renamed = `Renamed${locationId} site`;
    await putAsBefore(
      db.entities.location
        .put({ ...before, name: renamed, updatedAt: new Date(Date.now() + 1000).toISOString() })
        .params(),
      omitted,
    );

    expect(await backfillLocation(db, asRead)).toBe(true);
    const stored = (await db.entities.location.get({ locationId: locationId! }).go()).data;
    expect(stored?.name).toBe(renamed);
    expect((await pageOfStageLocations(db, { offset: 0, limit: 10, searchTerm: renamed })).totalCount).toBe(
      1,
    );
  });

  it('leaves a location deleted meanwhile deleted', async () => {
    const [locationId] = await nextIds(db, 'location', 1);
    const location = oldtownLocation(
      { locationId: locationId!, organizationId: 1, managementCompanyId: 1 },
      `Gone${locationId} site`,
    );
    await putAsBefore(db.entities.location.put(location).params(), LOCATION_LIST_KEYS);
    const asRead = (await db.entities.location.get({ locationId: locationId! }).go()).data!;
    await db.entities.location.delete({ locationId: locationId! }).go();

    expect(await backfillLocation(db, asRead)).toBe(false);
    expect((await db.entities.location.get({ locationId: locationId! }).go()).data).toBeNull();
  });
});

describe("a user's membership ids", () => {
  it('move with a join, so a change of the user as read before it is refused rather than dropping it', async () => {
    const [companyId] = await nextIds(db, 'managementCompany', 1);
    const [organizationId] = await nextIds(db, 'organization', 1);
    const [first, second] = await nextIds(db, 'location', 2);
    const [userId] = await nextIds(db, 'user', 1);
    const ids = { organizationId: organizationId!, managementCompanyId: companyId! };
    const place = (locationId: number) => oldtownLocation({ ...ids, locationId }, `Site ${locationId}`);
    await db.entities.organization.create({ ...ids, name: `Area ${organizationId}` }).go();
    await db.entities.location.put([place(first!), place(second!)]).go();
    const actor = { userId: 0, roleId: Role.SuperUser };
    const user = { userId: userId!, firstName: 'Race', lastName: 'Tester', roleId: Role.Employee, ...ids };
    expect(await createUserWithMemberships(db, user, [], [], actor)).toBe(true);
    const asRead = (await db.entities.user.get({ userId: userId! }).go()).data!;

    const location = (await db.entities.location.get({ locationId: first! }).go()).data!;
    expect(await joinPlace(db, { kind: 'location', item: location }, [userId!], actor)).toBe(true);
    const joined = (await db.entities.user.get({ userId: userId! }).go()).data!;
    expect(joined.locationIds).toEqual([first]);
    expect(joined.updatedAt).not.toBe(asRead.updatedAt);

    const change = {
      user: asRead,
      set: {},
      clearsDefault: false,
      checkedDefault: undefined,
      newEmail: undefined,
      removedLocations: [],
      removedOrganizationIds: [],
      addedLocations: [{ locationId: second!, ...ids }],
      addedOrganizations: [],
      locationIdsAfter: [second!],
      organizationIdsAfter: [],
    };
    expect(await writeUserChange(db, change, actor)).toBe(false);
    expect((await db.entities.user.get({ userId: userId! }).go()).data!.locationIds).toEqual([first]);
    expect(
      await writeUserChange(db, { ...change, user: joined, locationIdsAfter: [first!, second!] }, actor),
    ).toBe(true);
    const changed = (await db.entities.user.get({ userId: userId! }).go()).data!;
    expect([...changed.locationIds!].sort((a, b) => a - b)).toEqual([first, second]);
  });
});
