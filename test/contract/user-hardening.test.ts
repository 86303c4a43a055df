import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Role } from '@sitewalk/shared/roles';
import {
  MAX_MEMBERSHIPS,
  MAX_MEMBERSHIP_ITEMS,
  MAX_USER_IDS_PER_CALL,
  TABLE_ORDER_MAX,
  CHANGE_MAX_ITEMS,
} from '@sitewalk/shared/constants';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { nextIds } from '@sitewalk/functions/db/counters';
import type { User } from '@sitewalk/shared/schemas/user';
import { apiAs, type Api, type BodyOf } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { account, callAs, person, type Person } from '../support/people.ts';
import { locationBody, seedTenant } from '../support/site.ts';

/**
 * Issue 11 for users: updates remove only the memberships the caller manages, the default location is
 * one of the user's own, every list sent and every transaction is bounded, table order is read back and
 * kept one row per table, and PINs are sealed in the table and revealed only to the user and those above.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let owner: Person;
let otherCompanyManager: Person;
let company: number;
let north: number;
let south: number;
let n1: number;
let n2: number;
let s1: number;

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

const user = (who: Person, userId: number) => api(who, 'user.get', { params: { id: userId } });
const locationsOf = (view: User) => view.userToLocation.map((m) => m.locationId).sort((a, b) => a - b);
type UserInfo = Omit<BodyOf<'user.update'>['userInfo'], 'id'>;
type Lists = Omit<BodyOf<'user.update'>, 'userInfo'>;
/** An update answered as it comes, for the refusals. */
const update = (who: Person, userId: number, userInfo: UserInfo, lists: Lists = {}) =>
  call(who, 'PUT', `/api/user/update/user/${userId}`, { userInfo: { id: userId, ...userInfo }, ...lists });
/** An update that must succeed: the user it answers, checked against the contract. */
const updated = async (who: Person, userId: number, userInfo: UserInfo, lists: Lists = {}) =>
  (
    await api(who, 'user.update', {
      params: { id: userId },
      body: { userInfo: { id: userId, ...userInfo }, ...lists },
    })
  ).data;

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
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  const tenant = await seedTenant(t.host.url, { by: admin });
  ({ companyId: company, organizationId: north, locationId: n1 } = tenant);
  n2 = await tenant.addLocation('N Two');
  owner = await tenant.person(Role.Owner);
  ({ id: south } = await api(owner, 'organization.create', {
    body: { name: 'South', managementCompanyId: company },
  }));
  ({ id: s1 } = await api(owner, 'location.create', { body: locationBody('S One', south) }));
  otherCompanyManager = await (await seedTenant(t.host.url, { by: admin })).person(Role.CompanyManager);
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
    const answer = await updated(areaManager, manager.id, {}, { locationIds: [n2] });
    expect(locationsOf(answer)).toEqual([n2, s1].sort((a, b) => a - b));
    // An owner manages them all: the same list now leaves only n2.
    expect(locationsOf(await updated(owner, manager.id, {}, { locationIds: [n2] }))).toEqual([n2]);
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
    expect(await updated(owner, manager.id, { defaultLocationId: n1 })).toMatchObject({
      defaultLocationId: n1,
    });
    const moved = await updated(owner, manager.id, { defaultLocationId: s1 }, { locationIds: [n1, s1] });
    expect(moved).toMatchObject({ defaultLocationId: s1 });
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
    await updated(owner, manager.id, { defaultLocationId: n1 });
    const dropped = await updated(owner, manager.id, {}, { locationIds: [n2] });
    expect(dropped).toMatchObject({ defaultLocationId: null });

    await updated(owner, manager.id, { defaultLocationId: n2 });
    // Removing another location leaves the default alone; removing the default's clears it.
    await api(owner, 'user.addToLocation', { body: { userIds: [manager.id], locationId: s1 } });
    const remove = (locationId: number) =>
      api(owner, 'user.removeFromLocation', { params: { userId: manager.id, locationId } });
    expect(await remove(s1)).toEqual({ success: true, count: 1 });
    expect((await user(owner, manager.id)).defaultLocationId).toBe(n2);
    expect(await remove(n2)).toEqual({ success: true, count: 1 });
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
    // Made a few at a time: every one appends to the company's audit log, and 48 at once on one log take
    // some 1,200 attempts (each round one wins), over 30 s on a loaded CI machine. Races have tests of their own.
    const people: Awaited<ReturnType<typeof account>>[] = [];
    while (people.length < MAX_USER_IDS_PER_CALL) {
      const batch = Math.min(6, MAX_USER_IDS_PER_CALL - people.length);
      people.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => account(Role.Employee, { managementCompanyId: company })),
        )),
      );
    }
    const added = await api(owner, 'user.addToLocation', {
      body: { userIds: people.map((p) => p.id), locationId: n2 },
    });
    expect(added).toEqual({ success: true, count: MAX_USER_IDS_PER_CALL });
    const members = await api(owner, 'user.allByLocation', { params: { id: n2 } });
    expect(people.every((p) => members.some((m) => m.id === p.id))).toBe(true);
  });

  it('refuses an update whose memberships would not fit one transaction, and a user’s membership past the cap', async () => {
    const [first, second] = [
      await bulkLocations(MAX_MEMBERSHIPS, north),
      await bulkLocations(MAX_MEMBERSHIPS, north),
    ];
    const manager = await person(t.host.url, Role.Manager, { managementCompanyId: company });
    const full = await updated(owner, manager.id, {}, { locationIds: first });
    expect(full.userToLocation).toHaveLength(MAX_MEMBERSHIPS);
    // Replacing all 90 by 90 others is 182 items (the user, the memberships, their area's kept totals): more
    // than one transaction takes.
    const swap = await update(owner, manager.id, {}, { locationIds: second });
    expect(swap.status).toBe(400);
    expect(swap.body.validationErrors).toEqual({
      locationIds: [
        `too many changes at once (${1 + 2 * MAX_MEMBERSHIPS + 1} items, at most ${CHANGE_MAX_ITEMS}); make them in smaller steps`,
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
    expect(await api(owner, 'user.delete', { params: { id: manager.id } })).toEqual({
      success: true,
      id: manager.id,
    });
  });

  it("refuses places whose areas would not fit the user's delete: each area is one more item of it", async () => {
    // An area manager's areas count twice (the membership, and the area's kept totals).
    const areas: number[] = [];
    for (let i = 0; i < MAX_MEMBERSHIP_ITEMS / 2; i++) {
      areas.push(
        (
          await api(owner, 'organization.create', {
            body: { name: `Span ${i}`, managementCompanyId: company },
          })
        ).id,
      );
    }
    const tooMany = Math.floor(MAX_MEMBERSHIP_ITEMS / 2) + 1;
    const refusal = `a user's locations and areas, with the areas they are in, can count at most ${MAX_MEMBERSHIP_ITEMS} (this makes ${2 * tooMany})`;
    const created = await call(owner, 'POST', '/api/user/area-manager', {
      userInfo: info(),
      organizationIds: areas.slice(0, tooMany),
    });
    expect(created.status).toBe(400);
    expect(created.body.validationErrors).toEqual({ organizationIds: [refusal] });

    const fits = areas.slice(0, tooMany - 1);
    const areaManager = (
      await api(owner, 'user.createAreaManager', { body: { userInfo: info(), organizationIds: fits } })
    ).data;
    // Nor may an edit or an add-to call give them one more area.
    const edited = await update(owner, areaManager.id, {}, { organizationIds: areas.slice(0, tooMany) });
    expect(edited.status).toBe(400);
    expect(edited.body.validationErrors).toEqual({ organizationIds: [refusal] });
    const joined = await call(owner, 'POST', '/api/user/add-to-organization', {
      userIds: [areaManager.id],
      organizationId: areas[tooMany - 1],
    });
    expect(joined.status).toBe(400);
    expect(joined.body.validationErrors).toEqual({ userIds: [refusal] });
    expect(await api(owner, 'user.delete', { params: { id: areaManager.id } })).toEqual({
      success: true,
      id: areaManager.id,
    });
  });
});

describe('table order (items 9 and 11)', () => {
  /** Saves a dashboard table's place, answered as it comes. */
  const save = (who: Person, tableId: number, displayOrder: number) =>
    call(who, 'POST', '/api/user/create/table-order', { tableName: 'dashboard', tableId, displayOrder });
  /** Saves a dashboard table's place, which must succeed. */
  const saved = (who: Person, tableId: number, displayOrder: number) =>
    api(who, 'user.createTableOrder', { body: { tableName: 'dashboard', tableId, displayOrder } });
  const orderOf = (who: Person) => api(who, 'user.tableOrder');

  it('keeps one row per table, moved in place, and reads it back by displayOrder', async () => {
    const me = await person(t.host.url, Role.Manager, {
      managementCompanyId: company,
      locations: [at(n1, north)],
    });
    const first = await saved(me, 7, 2);
    await saved(me, 9, 0);
    const again = await saved(me, 7, 1);
    expect(again).toEqual({ id: first.id, tableName: 'dashboard', tableId: 7, displayOrder: 1 });
    expect(await orderOf(me)).toEqual([
      { id: expect.any(Number), tableName: 'dashboard', tableId: 9, displayOrder: 0 },
      { id: first.id, tableName: 'dashboard', tableId: 7, displayOrder: 1 },
    ]);
    // The PUT by id moves it too, but keeps it on its table; nobody else's order shows.
    const moved = await api(me, 'user.updateTableOrder', {
      params: { orderId: first.id },
      body: { tableName: 'dashboard', tableId: 7, displayOrder: 5 },
    });
    expect(moved).toMatchObject({ tableId: 7, displayOrder: 5 });
    const retarget = await call(me, 'PUT', `/api/user/update/table-order/${first.id}`, {
      tableName: 'dashboard',
      tableId: 8,
      displayOrder: 5,
    });
    expect(retarget.status).toBe(400);
    expect(retarget.body.validationErrors).toHaveProperty('tableId');
    expect(await orderOf(me)).toHaveLength(2);
    expect(await orderOf(owner)).toEqual([]);
    expect((await call(null, 'GET', '/api/user/table-order')).status).toBe(401);
  });

  it("keeps a whole portfolio's order (TABLE_ORDER_MAX tables) and no more; a user with a full one is still deleted", async () => {
    const me = await person(t.host.url, Role.Manager, {
      managementCompanyId: company,
      locations: [at(n1, north)],
    });
    // All but the last row written directly: through the API each new row reads the whole order to count it.
    const db = dataFromEnv();
    const ids = await nextIds(db, 'tablePreference', TABLE_ORDER_MAX - 1);
    const written = await db.entities.tablePreference
      .put(
        ids.map((tablePreferenceId, tableId) => ({
          userId: me.id,
          tableId,
          tablePreferenceId,
          tableName: 'dashboard',
          displayOrder: tableId,
        })),
      )
      .go({ concurrency: 4 });
    expect(written.unprocessed).toEqual([]);
    const last = TABLE_ORDER_MAX - 1;
    expect(await saved(me, last, last)).toMatchObject({ tableId: last, displayOrder: last });
    // Saving a known table again is a move, not a new row; a new table past the cap is refused.
    expect(await saved(me, 0, 42)).toMatchObject({ tableId: 0, displayOrder: 42 });
    const over = await save(me, TABLE_ORDER_MAX, 0);
    expect(over.status).toBe(400);
    expect(over.body.validationErrors).toHaveProperty('tableId');
    // No position past the last one an order of the cap has.
    const pastTheEnd = await save(me, 1, TABLE_ORDER_MAX);
    expect(pastTheEnd.status).toBe(400);
    expect(pastTheEnd.body.validationErrors).toHaveProperty('displayOrder');
    const order = await orderOf(me);
    expect(order).toHaveLength(TABLE_ORDER_MAX);
    expect(order.at(-1)).toMatchObject({ tableId: last, displayOrder: last });
    expect(await api(owner, 'user.delete', { params: { id: me.id } })).toEqual({ success: true, id: me.id });
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
    const set = await api(owner, 'user.update', {
      params: { id: manager.id },
      body: { userInfo: { id: manager.id, pin: '24681357' } },
    });
    expect(set.data).toMatchObject({ hasPin: true });
    expect(JSON.stringify(set)).not.toContain('24681357');
    const raw = await dataFromEnv().entities.user.get({ userId: manager.id }).go({ data: 'raw' });
    expect(JSON.stringify(raw)).not.toContain('24681357');
    expect(JSON.stringify(raw)).toMatch(/"pinCipher":"aes1:/);

    const { data: created } = await api(owner, 'user.createAssistantManager', {
      body: { userInfo: info({ pin: '97531' }), locationIds: [n1] },
    });
    expect(created).toMatchObject({ hasPin: true });
    const rawCreated = await dataFromEnv().entities.user.get({ userId: created.id }).go({ data: 'raw' });
    expect(JSON.stringify(rawCreated)).not.toContain('97531');
    expect(await api(owner, 'user.revealPin', { params: { id: created.id } })).toEqual({ pin: '97531' });
  });

  it.each([
    ['the user', () => manager],
    ['their Owner', () => owner],
    ['their Area Manager', () => areaManager],
    ['an Admin', () => admin],
  ])('reveals it to %s', async (_, who) => {
    await updated(owner, manager.id, { pin: '8642' });
    expect(await api(who(), 'user.revealPin', { params: { id: manager.id } })).toEqual({ pin: '8642' });
  });

  it('keeps it from peers, those below, other tenants and anyone signed out; null when none is set', async () => {
    await updated(owner, manager.id, { pin: '8642' });
    const reveal = (who: Person) => call(who, 'GET', `/api/user/pin/${manager.id}`);
    expect((await reveal(peer)).status).toBe(403);
    expect((await reveal(employee)).status).toBe(403);
    expect((await reveal(otherCompanyManager)).status).toBe(404);
    expect((await call(null, 'GET', `/api/user/pin/${manager.id}`)).status).toBe(401);
    // A user without a PIN: null, 'Not set' on the profile.
    expect(await api(employee, 'user.revealPin', { params: { id: employee.id } })).toEqual({ pin: null });
  });

  it.each([
    ['the user', () => user(owner, manager.id)],
    ["a location's users", () => api(owner, 'user.allByLocation', { params: { id: n1 } })],
    [
      "a page of a location's users",
      () => api(owner, 'user.someByLocation', { params: { id: n1 }, query: { limit: 50, offset: 0 } }),
    ],
    ["the users of the owner's scope", () => api(owner, 'user.allByUser', { params: { id: owner.id } })],
    ['the signed-in user (auth/me)', () => api(manager, 'auth.me')],
  ])('leaves the PIN out of %s', async (_, read) => {
    await updated(owner, manager.id, { pin: '13572468' });
    expect(JSON.stringify(await read())).not.toContain('13572468');
  });
});
