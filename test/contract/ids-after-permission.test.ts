import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { dataFromEnv } from '@sitewalk/functions/composition';
import type { CounterName } from '@sitewalk/functions/db/counters';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody } from '../support/site.ts';

/**
 * A refused create spends no id: the policy is asked before the id is drawn from its counter, so the next
 * allowed create takes the very next number.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
const people = {} as Record<'admin' | 'owner' | 'otherCompanyManager' | 'areaManager' | 'manager', Person>;
let company: number;
let north: number;
let south: number;
let location: number;

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);
const counter = async (name: CounterName) =>
  (await dataFromEnv().entities.counter.get({ name }).go()).data?.value ?? 0;
const userInfo = () => ({
  firstName: 'Pat',
  lastName: 'Lee',
  email: `new-${randomBytes(4).toString('hex')}@example.com`,
  password: 'Temp0rary9',
  pin: '4321',
  managementCompanyId: company,
});

beforeAll(async () => {
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  people.admin = await person(t.host.url, Role.Admin);
  company = id(
    await call(people.admin, 'POST', '/api/managementCompany', { name: 'Acme', email: 'a@x.com' }),
  );
  const other = id(
    await call(people.admin, 'POST', '/api/managementCompany', { name: 'Bolt', email: 'b@x.com' }),
  );
  people.owner = await person(t.host.url, Role.Owner, { managementCompanyId: company });
  people.otherCompanyManager = await person(t.host.url, Role.CompanyManager, { managementCompanyId: other });
  north = id(
    await call(people.owner, 'POST', '/api/organization', { name: 'North', managementCompanyId: company }),
  );
  south = id(
    await call(people.owner, 'POST', '/api/organization', { name: 'South', managementCompanyId: company }),
  );
  location = id(await call(people.owner, 'POST', '/api/location', locationBody('North One', north)));
  const organizations = [{ organizationId: north, managementCompanyId: company }];
  const locations = [{ locationId: location, organizationId: north, managementCompanyId: company }];
  people.areaManager = await person(t.host.url, Role.AreaManager, {
    managementCompanyId: company,
    organizations,
  });
  people.manager = await person(t.host.url, Role.Manager, { managementCompanyId: company, locations });
});
afterAll(() => t.host.close());

type Who = keyof typeof people;
type Refusal = [string, Who, CounterName, string, () => unknown, number];

// Each refusal below comes from the handler (the route's least role lets the caller in), after any read
// it needs and where an id drawn first would be spent.
describe('a refused create spends no id', () => {
  it.each<Refusal>([
    [
      "another company's manager creating an area there",
      'otherCompanyManager',
      'organization',
      '/api/organization',
      () => ({ name: 'East', managementCompanyId: company }),
      404,
    ],
    [
      'an area in a company that does not exist',
      'owner',
      'organization',
      '/api/organization',
      () => ({ name: 'East', managementCompanyId: 999_999 }),
      404,
    ],
    [
      "an area manager creating a location in another's area",
      'areaManager',
      'location',
      '/api/location',
      () => locationBody('Two', south),
      404,
    ],
    [
      "another company's manager creating a location there",
      'otherCompanyManager',
      'location',
      '/api/location',
      () => locationBody('Two', north),
      404,
    ],
    [
      'a location in an area that does not exist',
      'owner',
      'location',
      '/api/location',
      () => locationBody('Two', 999_999),
      404,
    ],
    [
      'a manager creating an employee at none of their locations',
      'manager',
      'user',
      '/api/user/employee',
      () => ({ userInfo: userInfo() }),
      403,
    ],
    [
      'an area manager creating a manager at an unknown location',
      'areaManager',
      'user',
      '/api/user/manager',
      () => ({ userInfo: userInfo(), locationIds: [999_999] }),
      400,
    ],
  ])('%s', async (_, who, kind, path, body, status) => {
    const before = await counter(kind);
    expect((await call(people[who], 'POST', path, body())).status).toBe(status);
    expect(await counter(kind)).toBe(before);
  });

  it.each<[CounterName, Who, string, () => unknown]>([
    ['organization', 'owner', '/api/organization', () => ({ name: 'East', managementCompanyId: company })],
    ['location', 'areaManager', '/api/location', () => locationBody('North Two', north)],
    ['user', 'manager', '/api/user/employee', () => ({ userInfo: userInfo(), locationIds: [location] })],
  ])('then the next allowed %s takes the very next id', async (kind, who, path, body) => {
    const before = await counter(kind);
    const created = await call(people[who], 'POST', path, body());
    expect(created.status).toBe(201);
    const made = kind === 'user' ? (created.body.data as { id: number }) : created.body;
    expect(Number(made.id)).toBe(before + 1);
  });
});
