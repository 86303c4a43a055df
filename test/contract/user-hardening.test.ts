import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Role } from '@sitewalk/shared/roles';
import {
  MAX_MEMBERSHIPS,
  MAX_USER_IDS_PER_CALL,
  TABLE_ORDER_MAX,
  TRANSACTION_MAX_ITEMS,
} from '@sitewalk/shared/constants';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { nextIds } from '@sitewalk/functions/db/counters';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody } from '../support/site.ts';

/**
 * Issue 11 for users: updates remove only the memberships the caller manages, the default location is
 * one of the user's own, every list sent and every transaction is bounded, table order is read back and
 * kept one row per table, and PINs are sealed in the table and revealed only to the user and those above.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let admin: Person;
let owner: Person;
let otherCompanyManager: Person;
let company: number;
let north: number;
let south: number;
let n1: number;
let n2: number;
let s1: number;

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);
const at = (locationId: number, organizationId: number) => ({
  locationId,
  organizationId,
  managementCompanyId: company,
});
const info = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  lastName: `Hard${randomBytes(2).toString('hex')}`,
  email: `hard-${randomBytes(4).toString('hex')}@example.com`,
  password: 'Temp0rary9',
  managementCompanyId: company,
  ...extra,
});

interface UserView {
  id: number;
  defaultLocationId: number | null;
  hasPin: boolean;
  userToLocation: { locationId: number }[];
}
const user = async (who: Person, userId: number) =>
  (await call(who, 'GET', `/api/user/${userId}`)).body as unknown as UserView;
const locationsOf = (view: UserView) => view.userToLocation.map((m) => m.locationId).sort((a, b) => a - b);
const update = (who: Person, userId: number, userInfo: Record<string, unknown>, lists = {}) =>
  call(who, 'PUT', `/api/user/update/user/${userId}`, { userInfo: { id: userId, ...userInfo }, ...lists });

/** Locations written straight into the table (hundreds over HTTP would only slow the test). */
const bulkLocations = async (count: number, organizationId: number) => {
  const ids = await nextIds(dataFromEnv(), 'location', count);
  await dataFromEnv()
    .entities.location.put(
      ids.map((locationId) => ({
        ...locationBody(`Bulk ${locationId}`, organizationId),
        ...at(locationId, organizationId),
      })),
    )
    .go();
  return ids;
};

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  company = id(await call(admin, 'POST', '/api/managementCompany', { name: 'Hard', email: 'h@example.com' }));
  const otherCompany = id(
    await call(admin, 'POST', '/api/managementCompany', { name: 'Other', email: 'o@example.com' }),
  );
  owner = await person(t.host.url, Role.Owner, { managementCompanyId: company });
  otherCompanyManager = await person(t.host.url, Role.CompanyManager, { managementCompanyId: otherCompany });
  north = id(await call(owner, 'POST', '/api/organization', { name: 'North', managementCompanyId: company }));
  south = id(await call(owner, 'POST', '/api/organization', { name: 'South', managementCompanyId: company }));
  n1 = id(await call(owner, 'POST', '/api/location', locationBody('N One', north)));
  n2 = id(await call(owner, 'POST', '/api/location', locationBody('N Two', north)));
  s1 = id(await call(owner, 'POST', '/api/location', locationBody('S One', south)));
});
afterAll(() => t.host.close());

describe('updating a user’s memberships (item 8)', () => {
  it('removes only the memberships the caller may manage; the others stay', async () => {
    const areaManager = await person(t.host.url, Role.AreaManager, {
      managementCompanyId: company,
      organizations: [{ organizationId: north, managementCompanyId: company }],
    });
    const manager = await person(t.host.url, Role.Manager, {
      managementCompanyId: company,
      locations: [at(n1, north), at(s1, south)],
    });
    // The North area manager names only n2: n1 (theirs) goes, s1 (South, not theirs) stays.
    const answer = await update(areaManager, manager.id, {}, { locationIds: [n2] });
    expect(answer.status).toBe(200);
    expect(locationsOf(answer.body.data as UserView)).toEqual([n2, s1].sort((a, b) => a - b));
    // An owner manages them all: the same list now leaves only n2.
    const byOwner = await update(owner, manager.id, {}, { locationIds: [n2] });
    expect(locationsOf(byOwner.body.data as UserView)).toEqual([n2]);
  });

  it('keeps a default location among the user’s locations: 400 naming the field otherwise', async () => {
    const manager = await person(t.host.url, Role.Manager, {
      managementCompanyId: company,
      locations: [at(n1, north)],
    });
    const elsewhere = await update(owner, manager.id, { defaultLocationId: s1 });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.validationErrors).toEqual({
      'userInfo.defaultLocationId': ['must be one of the user’s locations'],
    });
    expect((await user(owner, manager.id)).defaultLocationId).toBeNull();
    // One of theirs, or one added in the same call, is accepted.
    expect((await update(owner, manager.id, { defaultLocationId: n1 })).body.data).toMatchObject({
      defaultLocationId: n1,
    });
    const moved = await update(owner, manager.id, { defaultLocationId: s1 }, { locationIds: [n1, s1] });
    expect(moved.body.data).toMatchObject({ defaultLocationId: s1 });
    // And a creation with a default outside the new user's locations is refused the same way.
    const created = await call(owner, 'POST', '/api/user/manager', {
      userInfo: info({ pin: '1234', defaultLocationId: n2 }),
      locationIds: [n1],
    });
    expect(created.status).toBe(400);
    expect(created.body.validationErrors).toHaveProperty(['userInfo.defaultLocationId']);
  });

  it('clears the default location when its membership goes, by update or by remove-from-location', async () => {
    const manager = await person(t.host.url, Role.Manager, {
      managementCompanyId: company,
      locations: [at(n1, north), at(n2, north)],
    });
    await update(owner, manager.id, { defaultLocationId: n1 });
    const dropped = await update(owner, manager.id, {}, { locationIds: [n2] });
    expect(dropped.body.data).toMatchObject({ defaultLocationId: null });

    await update(owner, manager.id, { defaultLocationId: n2 });
    // Removing another location leaves the default alone; removing the default's clears it.
    await call(owner, 'POST', '/api/user/add-to-location', { userIds: [manager.id], locationId: s1 });
    expect((await call(owner, 'DELETE', `/api/user/remove-from-location/${manager.id}/${s1}`)).body).toEqual({
      success: true,
      count: 1,
    });
    expect((await user(owner, manager.id)).defaultLocationId).toBe(n2);
    expect((await call(owner, 'DELETE', `/api/user/remove-from-location/${manager.id}/${n2}`)).body).toEqual({
      success: true,
      count: 1,
    });
    const after = await user(owner, manager.id);
    expect(after.defaultLocationId).toBeNull();
    expect(after.userToLocation).toEqual([]);
  });
});

describe('bounded lists and transactions (items 9 and 21)', () => {
  const tooMany = Array.from({ length: MAX_USER_IDS_PER_CALL + 1 }, (_, i) => 1_000_000 + i);

  it.each([
    ['add-to-location', () => ({ userIds: tooMany, locationId: n1 })],
    ['add-to-organization', () => ({ userIds: tooMany, organizationId: north })],
  ])(
    'refuses more than the documented number of userIds in %s with 400 naming the field',
    async (path, body) => {
      const answer = await call(owner, 'POST', `/api/user/${path}`, body());
      expect(answer.status).toBe(400);
      expect(answer.body.validationErrors).toEqual({
        userIds: [`Select at most ${MAX_USER_IDS_PER_CALL} users at once`],
      });
    },
  );

  it('adds as many users as the cap allows, in one transaction', async () => {
    const people = await Promise.all(
      Array.from({ length: MAX_USER_IDS_PER_CALL }, () =>
        person(t.host.url, Role.Employee, { managementCompanyId: company }),
      ),
    );
    const added = await call(owner, 'POST', '/api/user/add-to-location', {
      userIds: people.map((p) => p.id),
      locationId: n2,
    });
    expect(added.body).toEqual({ success: true, count: MAX_USER_IDS_PER_CALL });
    const members = (await call(owner, 'GET', `/api/user/all/by-location/${n2}`)).body as unknown as {
      id: number;
    }[];
    expect(people.every((p) => members.some((m) => m.id === p.id))).toBe(true);
  });

  it('refuses an update whose memberships would not fit one transaction, and a user’s membership past the cap', async () => {
    const [first, second] = [
      await bulkLocations(MAX_MEMBERSHIPS, north),
      await bulkLocations(MAX_MEMBERSHIPS, north),
    ];
    const manager = await person(t.host.url, Role.Manager, { managementCompanyId: company });
    const full = await update(owner, manager.id, {}, { locationIds: first });
    expect(full.status).toBe(200);
    expect((full.body.data as UserView).userToLocation).toHaveLength(MAX_MEMBERSHIPS);
    // Replacing all 90 by 90 others is 181 items: more than one transaction takes.
    const swap = await update(owner, manager.id, {}, { locationIds: second });
    expect(swap.status).toBe(400);
    expect(swap.body.validationErrors).toEqual({
      locationIds: [
        `too many changes at once (${1 + 2 * MAX_MEMBERSHIPS} items, at most ${TRANSACTION_MAX_ITEMS}); make them in smaller steps`,
      ],
    });
    expect(locationsOf(await user(owner, manager.id))).toEqual([...first].sort((a, b) => a - b));
    // A full user joins no further location.
    const more = await call(owner, 'POST', '/api/user/add-to-location', {
      userIds: [manager.id],
      locationId: n1,
    });
    expect(more.status).toBe(400);
    expect(more.body.validationErrors).toHaveProperty('userIds');
    // And is still deleted whole, memberships and all.
    expect((await call(owner, 'DELETE', `/api/user/${manager.id}`)).status).toBe(200);
  });
});

describe('table order (items 9 and 11)', () => {
  const save = (who: Person, tableId: number, displayOrder: number, tableName = 'dashboard') =>
    call(who, 'POST', '/api/user/create/table-order', { tableName, tableId, displayOrder });

  it('keeps one row per table, moved in place, and reads it back by displayOrder', async () => {
    const me = await person(t.host.url, Role.Manager, {
      managementCompanyId: company,
      locations: [at(n1, north)],
    });
    const first = await save(me, 7, 2);
    expect(first.status).toBe(201);
    await save(me, 9, 0);
    const again = await save(me, 7, 1);
    expect(again.body).toEqual({ id: first.body.id, tableName: 'dashboard', tableId: 7, displayOrder: 1 });
    const read = await call(me, 'GET', '/api/user/table-order');
    expect(read.status).toBe(200);
    expect(read.body).toEqual([
      { id: expect.any(Number), tableName: 'dashboard', tableId: 9, displayOrder: 0 },
      { id: first.body.id, tableName: 'dashboard', tableId: 7, displayOrder: 1 },
    ]);
    // The PUT by id moves it too, but keeps it on its table; nobody else's order shows.
    const moved = await call(me, 'PUT', `/api/user/update/table-order/${Number(first.body.id)}`, {
      tableName: 'dashboard',
      tableId: 7,
      displayOrder: 5,
    });
    expect(moved.body).toMatchObject({ tableId: 7, displayOrder: 5 });
    const retarget = await call(me, 'PUT', `/api/user/update/table-order/${Number(first.body.id)}`, {
      tableName: 'dashboard',
      tableId: 8,
      displayOrder: 5,
    });
    expect(retarget.status).toBe(400);
    expect(retarget.body.validationErrors).toHaveProperty('tableId');
    expect((await call(me, 'GET', '/api/user/table-order')).body).toHaveLength(2);
    expect((await call(owner, 'GET', '/api/user/table-order')).body).toEqual([]);
    expect((await call(null, 'GET', '/api/user/table-order')).status).toBe(401);
  });

  it('caps the tables per user, and a user with a full table order is still deleted', async () => {
    const me = await person(t.host.url, Role.Manager, {
      managementCompanyId: company,
      locations: [at(n1, north)],
    });
    for (let tableId = 0; tableId < TABLE_ORDER_MAX; tableId++) {
      expect((await save(me, tableId, tableId)).status).toBe(201);
    }
    // Saving a known table again is a move, not a new row; a new table past the cap is refused.
    expect((await save(me, 0, 42)).status).toBe(201);
    const over = await save(me, TABLE_ORDER_MAX, 0);
    expect(over.status).toBe(400);
    expect(over.body.validationErrors).toHaveProperty('tableId');
    expect((await call(me, 'GET', '/api/user/table-order')).body).toHaveLength(TABLE_ORDER_MAX);
    expect((await call(owner, 'DELETE', `/api/user/${me.id}`)).body).toEqual({ success: true, id: me.id });
    expect((await call(owner, 'GET', `/api/user/${me.id}`)).status).toBe(404);
  });
});

describe('the PIN (item 12)', () => {
  let manager: Person;
  let peer: Person;
  let employee: Person;
  let areaManager: Person;

  beforeAll(async () => {
    const here = { managementCompanyId: company, locations: [at(n1, north)] };
    manager = await person(t.host.url, Role.Manager, here);
    peer = await person(t.host.url, Role.Manager, here);
    employee = await person(t.host.url, Role.Employee, here);
    areaManager = await person(t.host.url, Role.AreaManager, {
      managementCompanyId: company,
      organizations: [{ organizationId: north, managementCompanyId: company }],
    });
  });

  it('says whether a PIN is set, and stores it sealed: the table row does not hold it', async () => {
    expect((await user(owner, manager.id)).hasPin).toBe(false);
    const set = await update(owner, manager.id, { pin: '24681357' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ hasPin: true });
    expect(JSON.stringify(set.body)).not.toContain('24681357');
    const raw = await dataFromEnv().entities.user.get({ userId: manager.id }).go({ data: 'raw' });
    expect(JSON.stringify(raw)).not.toContain('24681357');
    expect(JSON.stringify(raw)).toMatch(/"pinCipher":"aes1:/);

    const created = await call(owner, 'POST', '/api/user/assistant-manager', {
      userInfo: info({ pin: '97531' }),
      locationIds: [n1],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ hasPin: true });
    const createdId = (created.body.data as UserView).id;
    const rawCreated = await dataFromEnv().entities.user.get({ userId: createdId }).go({ data: 'raw' });
    expect(JSON.stringify(rawCreated)).not.toContain('97531');
    expect((await call(owner, 'GET', `/api/user/pin/${createdId}`)).body).toEqual({ pin: '97531' });
  });

  it('reveals it to the user and to those strictly above them only', async () => {
    await update(owner, manager.id, { pin: '8642' });
    const reveal = (who: Person) => call(who, 'GET', `/api/user/pin/${manager.id}`);
    for (const who of [manager, owner, areaManager, admin]) {
      const answer = await reveal(who);
      expect(answer.status, `role ${who.roleId}`).toBe(200);
      expect(answer.body).toEqual({ pin: '8642' });
    }
    expect((await reveal(peer)).status).toBe(403);
    expect((await reveal(employee)).status).toBe(403);
    expect((await reveal(otherCompanyManager)).status).toBe(404);
    expect((await call(null, 'GET', `/api/user/pin/${manager.id}`)).status).toBe(401);
    // A user without a PIN: null, 'Not set' on the profile.
    expect((await call(employee, 'GET', `/api/user/pin/${employee.id}`)).body).toEqual({ pin: null });
  });

  it('leaves the PIN out of every other answer', async () => {
    await update(owner, manager.id, { pin: '13572468' });
    for (const path of [
      `/api/user/${manager.id}`,
      `/api/user/all/by-location/${n1}`,
      `/api/user/some/by-location/${n1}?limit=50&offset=0`,
      `/api/user/all/by-user/${owner.id}`,
    ]) {
      const answer = await call(owner, 'GET', path);
      expect(answer.status, path).toBe(200);
      expect(JSON.stringify(answer.body), path).not.toContain('13572468');
    }
    const me = await call(manager, 'GET', '/api/auth/me');
    expect(JSON.stringify(me.body)).not.toContain('13572468');
  });
});
