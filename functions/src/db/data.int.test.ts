import { beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient, readCapacity } from './client.ts';
import { createService, type DataService } from './service.ts';
import { nextId } from './counters.ts';
import { readPartition, PartitionTooLargeError } from './bounded.ts';
import { pageOf } from '../domain/paging.ts';
import { Role } from '@sitewalk/shared/roles';

let db: DataService;

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
});

describe('atomic id counters', () => {
  it('hands out increasing ids that never repeat, even concurrently', async () => {
    const first = await nextId(db, 'incident');
    const concurrent = await Promise.all(Array.from({ length: 20 }, () => nextId(db, 'incident')));
    expect(new Set(concurrent).size).toBe(20);
    expect(Math.min(...concurrent)).toBe(first + 1);
    expect(Math.max(...concurrent)).toBe(first + 20);
  });

  it('keeps each kind separate', async () => {
    const walk = await nextId(db, 'walk');
    const marker = await nextId(db, 'marker');
    expect(await nextId(db, 'walk')).toBe(walk + 1);
    expect(await nextId(db, 'marker')).toBe(marker + 1);
  });
});

describe('the single table through ElectroDB', () => {
  const companyId = 7001;
  const names = [
    'delta',
    'Alpha',
    'charlie',
    'Bravo',
    'echo',
    'Foxtrot',
    'golf',
    'Hotel',
    'india',
    'Juliet',
    'kilo',
  ];

  beforeAll(async () => {
    for (const name of names) {
      const organizationId = await nextId(db, 'organization');
      await db.entities.organization
        .create({ organizationId, managementCompanyId: companyId, name: `${name} area`, city: 'Fresno' })
        .go();
    }
    // Another company's area must never appear in this company's partition.
    await db.entities.organization
      .create({ organizationId: 999_999, managementCompanyId: 7002, name: 'other' })
      .go();
  });

  it('reads an item back by id exactly as written', async () => {
    const organizationId = await nextId(db, 'organization');
    await db.entities.organization
      .create({ organizationId, managementCompanyId: companyId, name: 'Zulu area', zipcode: '93650' })
      .go();
    const { data } = await db.entities.organization.get({ organizationId }).go();
    expect(data).toMatchObject({
      organizationId,
      managementCompanyId: companyId,
      name: 'Zulu area',
      zipcode: '93650',
    });
    expect(Date.parse(data?.createdAt ?? '')).not.toBeNaN();
    await db.entities.organization.delete({ organizationId }).go();
    expect((await db.entities.organization.get({ organizationId }).go()).data).toBeNull();
  });

  it("lists one company's areas sorted by name, case-insensitively", async () => {
    const { data } = await db.entities.organization.query
      .byCompany({ managementCompanyId: companyId })
      .go({ pages: 'all' });
    expect(data.map((o) => o.name)).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })).map((n) => `${n} area`),
    );
  });

  it('pages through a partition with the cursor until it is exhausted', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { data: { name: string }[]; cursor: string | null } = await db.entities.organization.query
        .byCompany({ managementCompanyId: companyId })
        .go({ limit: 4, cursor });
      seen.push(...page.data.map((o) => o.name));
      cursor = page.cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(names.length);
    expect(new Set(seen).size).toBe(names.length);
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it('reads a partition within its bound, pages and searches it in memory', async () => {
    const all = await readPartition((cursor) =>
      db.entities.organization.query.byCompany({ managementCompanyId: companyId }).go({ limit: 3, cursor }),
    );
    expect(all).toHaveLength(names.length);
    const page = pageOf(all, { limit: 5, offset: 5 }, (o) => [o.name, o.city]);
    expect(page.totalCount).toBe(names.length);
    expect(page.items.map((o) => o.name)).toEqual(all.slice(5, 10).map((o) => o.name));
    expect(pageOf(all, { limit: 5, offset: 0, searchTerm: 'ALPHA' }, (o) => [o.name]).items).toHaveLength(1);
  });

  it('refuses to read past the bound instead of growing without limit', async () => {
    await expect(
      readPartition(
        (cursor) =>
          db.entities.organization.query
            .byCompany({ managementCompanyId: companyId })
            .go({ limit: 2, cursor }),
        5,
      ),
    ).rejects.toBeInstanceOf(PartitionTooLargeError);
  });

  it('reads a user and all their memberships with one query of the userAccess collection', async () => {
    const userId = await nextId(db, 'user');
    await db.entities.user
      .create({
        userId,
        firstName: 'Ada',
        lastName: 'Lopez',
        roleId: Role.AreaManager,
        managementCompanyId: companyId,
      })
      .go();
    await db.entities.userOrganization
      .create({ userId, organizationId: 11, managementCompanyId: companyId })
      .go();
    await db.entities.userLocation
      .create({ userId, locationId: 21, organizationId: 11, managementCompanyId: companyId })
      .go();
    const { data } = await db.collections.userAccess({ userId }).go();
    expect(data.user).toHaveLength(1);
    expect(data.userOrganization.map((m) => m.organizationId)).toEqual([11]);
    expect(data.userLocation.map((m) => m.locationId)).toEqual([21]);
  });

  it('keeps e-mail addresses unique with a transaction that writes the user and the e-mail guard together', async () => {
    const create = (userId: number) =>
      db.transaction
        .write(({ user, userEmail }) => [
          user
            .create({
              userId,
              firstName: 'Sam',
              lastName: 'Reed',
              roleId: Role.Manager,
              email: 'sam@example.com',
            })
            .commit(),
          userEmail.create({ email: 'sam@example.com', userId }).commit(),
        ])
        .go();
    const firstId = await nextId(db, 'user');
    expect((await create(firstId)).canceled).toBe(false);
    const secondId = await nextId(db, 'user');
    const second = await create(secondId).catch((error: unknown) => ({ canceled: true, error }));
    expect(second.canceled).toBe(true);
    expect((await db.entities.user.get({ userId: secondId }).go()).data).toBeNull();
    expect((await db.entities.userEmail.get({ email: 'sam@example.com' }).go()).data?.userId).toBe(firstId);
  });
});

describe('the read-capacity meter', () => {
  it('adds what each read consumed, grows with the size of what is read, and leaves writes out', async () => {
    const before = readCapacity.units;
    const walkReportId = await nextId(db, 'walkReport');
    const item = {
      walkReportId,
      walkId: 1,
      locationId: 424242,
      organizationId: 1,
      managementCompanyId: 1,
      userId: 1,
      startedAt: '2026-11-01T06:00:00.000Z',
      walkName: 'x'.repeat(3000),
      markerCount: 1,
    };
    await db.entities.walkReport
      .put([0, 1, 2, 3].map((n) => ({ ...item, walkReportId: walkReportId + n * 1000, clientId: `c${n}` })))
      .go();
    expect(readCapacity.units).toBe(before); // writes are not metered

    await db.entities.walkReport.get({ walkReportId }).go();
    const oneItem = readCapacity.units - before;
    expect(oneItem).toBeGreaterThan(0);

    const beforeQuery = readCapacity.units;
    const { data } = await db.entities.walkReport.query.byLocation({ locationId: 424242 }).go();
    expect(data).toHaveLength(4);
    expect(readCapacity.units - beforeQuery).toBeGreaterThan(oneItem);
  });
});
