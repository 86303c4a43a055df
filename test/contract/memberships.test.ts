import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody } from '../support/site.ts';

/**
 * Joining and leaving a location or an organization: one rule set for both kinds of place (one
 * implementation, functions/src/domain/memberships.ts), so each case runs for each kind.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let admin: Person;
let ownerA: Person;
let ownerB: Person;
let companyA: number;
let companyB: number;
let north: number;
let site: number;

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  const company = async (name: string) =>
    id(await call(admin, 'POST', '/api/managementCompany', { name, email: 'hq@example.com' }));
  companyA = await company('Acme');
  companyB = await company('Bolt');
  ownerA = await person(t.host.url, Role.Owner, { managementCompanyId: companyA });
  ownerB = await person(t.host.url, Role.Owner, { managementCompanyId: companyB });
  north = id(
    await call(ownerA, 'POST', '/api/organization', { name: 'North', managementCompanyId: companyA }),
  );
  site = id(await call(ownerA, 'POST', '/api/location', locationBody('North One', north)));
});
afterAll(() => t.host.close());

interface Kind {
  kind: string;
  add: string;
  remove: (userId: number) => string;
  body: (userIds: number[]) => Record<string, unknown>;
  /** The list in a user's view that names their places of this kind. */
  view: 'userToLocation' | 'userToOrganization';
  placeId: () => number;
  /** Who joins this kind of place, and who of the same company does not. */
  joiner: RoleId;
  misfit: { roleId: RoleId; company: () => number };
  /** A member of the place who sees it and its members, but may not manage them. */
  bystander: RoleId;
  /** The user search's parameter for those who may be added here (the Add Users dialog). */
  addableParam: 'addableToLocationId' | 'addableToOrganizationId';
}

const kinds: Kind[] = [
  {
    kind: 'location',
    add: '/api/user/add-to-location',
    remove: (userId) => `/api/user/remove-from-location/${userId}/${site}`,
    body: (userIds) => ({ userIds, locationId: site }),
    view: 'userToLocation',
    placeId: () => site,
    joiner: Role.Employee,
    misfit: { roleId: Role.Employee, company: () => companyB },
    bystander: Role.AssistantManager,
    addableParam: 'addableToLocationId',
  },
  {
    kind: 'organization',
    add: '/api/user/add-to-organization',
    remove: (userId) => `/api/user/remove-from-organization/${userId}/${north}`,
    body: (userIds) => ({ userIds, organizationId: north }),
    view: 'userToOrganization',
    placeId: () => north,
    joiner: Role.AreaManager,
    misfit: { roleId: Role.Employee, company: () => companyA },
    bystander: Role.AreaManager,
    addableParam: 'addableToOrganizationId',
  },
];

describe.each(kinds)('a $kind', (k) => {
  const newcomer = (roleId = k.joiner, managementCompanyId = companyA) =>
    person(t.host.url, roleId, { managementCompanyId });
  const placesOf = async (user: Person) =>
    ((await call(admin, 'GET', `/api/user/${user.id}`)).body[k.view] as { [key: string]: number }[]).map(
      (m) => m[k.kind === 'location' ? 'locationId' : 'organizationId'],
    );

  it('takes each user once, and answers how many joined', async () => {
    const user = await newcomer();
    expect((await call(ownerA, 'POST', k.add, k.body([user.id, user.id]))).body).toEqual({
      success: true,
      count: 1,
    });
    expect((await call(ownerA, 'POST', k.add, k.body([user.id]))).body).toEqual({ success: true, count: 0 });
    expect(await placesOf(user)).toEqual([k.placeId()]);
  });

  it('lets a member go once: 1, then 0', async () => {
    const user = await newcomer();
    await call(ownerA, 'POST', k.add, k.body([user.id]));
    expect((await call(ownerA, 'DELETE', k.remove(user.id))).body).toEqual({ success: true, count: 1 });
    expect((await call(ownerA, 'DELETE', k.remove(user.id))).body).toEqual({ success: true, count: 0 });
    expect(await placesOf(user)).toEqual([]);
  });

  it('refuses (400, naming userIds) a user it does not admit, and adds none of the list', async () => {
    const fits = await newcomer();
    const misfit = await newcomer(k.misfit.roleId, k.misfit.company());
    const answer = await call(admin, 'POST', k.add, k.body([fits.id, misfit.id]));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.validationErrors as object)).toEqual(['userIds']);
    expect(await placesOf(fits)).toEqual([]);
  });

  it('refuses (403) a caller who sees the place and its members but may not manage them', async () => {
    const member = await newcomer();
    await call(ownerA, 'POST', k.add, k.body([member.id]));
    const bystander = await newcomer(k.bystander);
    await call(ownerA, 'POST', k.add, k.body([bystander.id]));
    expect((await call(bystander, 'DELETE', k.remove(member.id))).status).toBe(403);
    expect(await placesOf(member)).toEqual([k.placeId()]);
  });

  /** The caller's user search for `term`, only those they may add here: the ids it answers, or the status. */
  const addable = async (caller: Person, term: string, placeId = k.placeId()) => {
    const query = new URLSearchParams({ searchTerm: term, limit: '50', [k.addableParam]: String(placeId) });
    const answer = await call(caller, 'GET', `/api/user/some/by-user/${caller.id}?${query.toString()}`);
    if (answer.status !== 200) return answer.status;
    const { users, totalCount } = answer.body as unknown as { users: { id: number }[]; totalCount: number };
    expect(totalCount).toBe(users.length);
    return users.map((u) => u.id);
  };

  it('searches only the users the caller may add here: not members, not refused, none of another company', async () => {
    const joiner = await newcomer();
    const member = await newcomer();
    await call(ownerA, 'POST', k.add, k.body([member.id]));
    const misfit = await newcomer(k.misfit.roleId, k.misfit.company());
    const stranger = await newcomer(k.joiner, companyB);
    const peer = await newcomer(Role.Owner);
    expect(await addable(ownerA, joiner.email)).toEqual([joiner.id]);
    for (const nobody of [member, misfit, stranger, peer])
      expect(await addable(ownerA, nobody.email)).toEqual([]);
    // What the search offers, the add takes.
    expect((await call(ownerA, 'POST', k.add, k.body([joiner.id]))).body).toEqual({
      success: true,
      count: 1,
    });
    expect(await addable(ownerA, joiner.email)).toEqual([]);
    // Without the parameter the same search still finds members.
    const plain = await call(ownerA, 'GET', `/api/user/some/by-user/${ownerA.id}?searchTerm=${member.email}`);
    expect((plain.body.users as { id: number }[]).map((u) => u.id)).toEqual([member.id]);
  });

  it("finds nobody of another company's place (404), nor for a caller who may not manage its members (403)", async () => {
    const joiner = await newcomer();
    expect(await addable(ownerB, joiner.email)).toBe(404);
    expect(await addable(ownerB, '')).toBe(404);
    const bystander = await newcomer(k.bystander);
    await call(ownerA, 'POST', k.add, k.body([bystander.id]));
    expect(await addable(bystander, joiner.email)).toBe(403);
    expect(await addable(ownerA, joiner.email, 999_999)).toBe(404);
  });

  it('refuses (400) a bad place id, and both places at once', async () => {
    const path = `/api/user/some/by-user/${ownerA.id}`;
    const bad = await call(ownerA, 'GET', `${path}?${k.addableParam}=abc`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.validationErrors as object)).toEqual([k.addableParam]);
    const both = await call(
      ownerA,
      'GET',
      `${path}?addableToLocationId=${site}&addableToOrganizationId=${north}`,
    );
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/one at most/);
  });

  it("is not found (404) out of the caller's scope, nor is a user out of it", async () => {
    const user = await newcomer();
    expect((await call(ownerB, 'POST', k.add, k.body([user.id]))).status).toBe(404);
    expect((await call(ownerB, 'DELETE', k.remove(user.id))).status).toBe(404);
    const stranger = await newcomer(k.joiner, companyB);
    expect((await call(ownerA, 'POST', k.add, k.body([stranger.id]))).status).toBe(404);
    expect(await placesOf(stranger)).toEqual([]);
  });
});
