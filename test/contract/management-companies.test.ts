import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { apiAs, type Api } from '../support/api.ts';
import { callAs, person, type Person } from '../support/people.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let ownerA: Person;
let employeeA: Person;
let managerB: Person;
let companyA: number;
let companyB: number;

const company = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
  phone: '(559) 555-0101',
  website: 'https://example.com',
});

beforeAll(async () => {
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  companyA = (await api(admin, 'managementCompany.create', { body: company('Acme Storage') })).id;
  companyB = (await api(admin, 'managementCompany.create', { body: company('Bolt Units') })).id;
  ownerA = await person(t.host.url, Role.Owner, { managementCompanyId: companyA });
  employeeA = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
  managerB = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyB });
});
afterAll(() => t.host.close());

describe('management companies', () => {
  it('are created by admins, with the phone normalised', async () => {
    const created = await api(admin, 'managementCompany.create', { body: company('Cedar Self Storage') });
    expect(created).toMatchObject({ name: 'Cedar Self Storage', phone: '559-555-0101', hasLogo: false });
    expect(created.id).toBeGreaterThan(companyB);
  });

  it.each([
    [{ ...company('X'), name: '' }, 'name'],
    [{ ...company('X'), email: 'not-an-email' }, 'email'],
    [{ ...company('X'), phone: '555-12' }, 'phone'],
    [{ ...company('X'), website: 'not a url' }, 'website'],
    [{ ...company('X'), website: 'javascript:alert(document.cookie)' }, 'website'],
    [{ ...company('X'), website: 'data:text/html,<script>alert(1)</script>' }, 'website'],
    [{ ...company('X'), website: 'ftp://example.com' }, 'website'],
  ])('refuses bad input %j naming %s', async (body, field) => {
    const answer = await call(admin, 'POST', '/api/managementCompany', body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.validationErrors as object)).toEqual([field]);
  });

  it('store a website only as an http(s) address, and say so when it is not one (issue 27)', async () => {
    const refused = await call(admin, 'POST', '/api/managementCompany', {
      ...company('Script Storage'),
      website: 'javascript:alert(1)',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({ website: [messages.validation.invalidWebsite] });

    const created = await api(admin, 'managementCompany.create', {
      body: { ...company('Plain Storage'), website: 'http://plain.example.com/' },
    });
    expect((await call(admin, 'GET', `/api/managementCompany/${created.id}`)).body.website).toBe(
      'http://plain.example.com/',
    );
  });

  it('says the spec message when given nothing', async () => {
    const answer = await call(admin, 'POST', '/api/managementCompany');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(messages.validation.noManagementCompanyInfo);
  });

  it('cannot be created below admin', async () => {
    expect((await call(ownerA, 'POST', '/api/managementCompany', company('Nope'))).status).toBe(403);
  });

  it('are read in scope and not found out of it', async () => {
    expect((await call(ownerA, 'GET', `/api/managementCompany/${companyA}`)).body).toMatchObject({
      id: companyA,
      name: 'Acme Storage',
    });
    expect((await call(employeeA, 'GET', `/api/managementCompany/${companyA}`)).status).toBe(200);
    expect((await call(ownerA, 'GET', `/api/managementCompany/${companyB}`)).status).toBe(404);
    expect((await call(managerB, 'GET', `/api/managementCompany/${companyA}`)).status).toBe(404);
    expect((await call(admin, 'GET', '/api/managementCompany/999999')).status).toBe(404);
    expect((await call(null, 'GET', `/api/managementCompany/${companyA}`)).status).toBe(401);
    expect((await call(admin, 'GET', '/api/managementCompany/abc')).status).toBe(400);
  });

  it('are updated by their owner, never by another tenant or an employee', async () => {
    const update = (body: { id: number } & Record<string, unknown>) =>
      api(ownerA, 'managementCompany.update', { body });
    const changed = await update({ id: companyA, name: 'Acme Storage Co', email: 'hq@acme.example' });
    // What is left out stays as it was.
    expect(changed).toMatchObject({
      name: 'Acme Storage Co',
      email: 'hq@acme.example',
      phone: '559-555-0101',
      website: 'https://example.com',
    });
    const phoneOnly = await update({ id: companyA, phone: '5595550199' });
    expect(phoneOnly).toMatchObject({ name: 'Acme Storage Co', phone: '559-555-0199' });
    // null or blank clears an optional field.
    const cleared = await update({ id: companyA, phone: null, website: '' });
    expect(cleared).toMatchObject({
      name: 'Acme Storage Co',
      email: 'hq@acme.example',
      phone: null,
      website: null,
    });
    expect(
      (
        await call(managerB, 'PUT', '/api/managementCompany', {
          id: companyA,
          name: 'Hijack',
          email: 'x@y.zz',
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(ownerA, 'PUT', '/api/managementCompany', { id: companyB, name: 'Hijack', email: 'x@y.zz' }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(employeeA, 'PUT', '/api/managementCompany', {
          id: companyA,
          name: 'Hijack',
          email: 'x@y.zz',
        })
      ).status,
    ).toBe(403);
    expect((await call(admin, 'GET', `/api/managementCompany/${companyB}`)).body.name).toBe('Bolt Units');
  });

  it.each([
    ['a phone of two digits', { phone: '12' }],
    ['an e-mail that is no address', { email: 'nope' }],
    ['a blank name', { name: ' ' }],
    ['a null e-mail', { email: null }],
    ['a website that is no address', { website: 'x' }],
    ['a javascript: website', { website: 'javascript:alert(document.cookie)' }],
    ['a data: website', { website: 'data:text/html,<script>alert(1)</script>' }],
  ])('refuse an update with %s, and keep the company as it was', async (_, bad) => {
    const before = await call(ownerA, 'GET', `/api/managementCompany/${companyA}`);
    const refused = await call(ownerA, 'PUT', '/api/managementCompany', { id: companyA, ...bad });
    expect(refused.status).toBe(400);
    expect(await call(ownerA, 'GET', `/api/managementCompany/${companyA}`)).toEqual(before);
  });

  it('are listed in scope, by name, with paging and search', async () => {
    const mine = await call(ownerA, 'GET', '/api/managementCompany/some?limit=10&offset=0');
    expect(mine.body).toMatchObject({ totalCount: 1, managementCompanies: [{ id: companyA }] });

    const all = await call(admin, 'GET', '/api/managementCompany/some?limit=2&offset=0');
    const names = (all.body.managementCompanies as { name: string }[]).map((c) => c.name);
    expect(all.body.totalCount).toBeGreaterThanOrEqual(3);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toHaveLength(2);

    const searched = await call(admin, 'GET', '/api/managementCompany/some?limit=10&searchTerm=BOLT');
    expect(searched.body).toMatchObject({ totalCount: 1, managementCompanies: [{ id: companyB }] });

    expect((await call(employeeA, 'GET', '/api/managementCompany/some?limit=10')).status).toBe(403);
  });

  it.each(['limit=0', 'limit=51', 'limit=ten', 'limit=10&offset=-1', 'limit=10&offset=x'])(
    'refuses the paging query %s',
    async (query) => {
      expect((await call(admin, 'GET', `/api/managementCompany/some?${query}`)).status).toBe(400);
    },
  );

  it('answer by user with the companies that user belongs to, in scope only', async () => {
    expect((await call(ownerA, 'GET', `/api/managementCompany/by-user/${ownerA.id}`)).body).toMatchObject({
      companies: [{ id: companyA }],
    });
    expect((await call(admin, 'GET', `/api/managementCompany/by-user/${managerB.id}`)).body).toMatchObject({
      companies: [{ id: companyB }],
    });
    expect((await call(ownerA, 'GET', `/api/managementCompany/by-user/${managerB.id}`)).status).toBe(404);
  });

  it('are deleted by admins only when nothing depends on them', async () => {
    const empty = Number((await call(admin, 'POST', '/api/managementCompany', company('Gone Soon'))).body.id);
    expect((await call(ownerA, 'DELETE', `/api/managementCompany/${companyA}`)).status).toBe(403);
    expect((await call(admin, 'DELETE', `/api/managementCompany/${companyA}`)).status).toBe(409);
    expect((await call(admin, 'DELETE', `/api/managementCompany/${empty}`)).body).toEqual({
      success: true,
      id: empty,
    });
    expect((await call(admin, 'GET', `/api/managementCompany/${empty}`)).status).toBe(404);
  });
});
