import { afterAll, bench, describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { startBenchStage } from './support/bench-stage.ts';
import { warmUp } from './support/warm-up.ts';

/**
 * A stage with 50 companies (issue 30): the Super User's lists — management companies, areas, locations and
 * users — answer their first page (10 rows, as the screens ask) with and without a search term, over HTTP on
 * the local host, one client at a time. Budget: each list's p95 at most 3× `/api/health`'s p95, measured the
 * same way in the same rounds (every round calls health and each list once, so load on the machine weighs on
 * all alike). A missed budget fails the bench. The data set (BENCH_COMPANIES companies of 20 locations in two
 * areas and 10 users each) is written through the data layer once and kept under .data/bench-su-*.
 */

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 50);
const LOCATIONS_PER_COMPANY = 20;
const AREAS_PER_COMPANY = 2;
const USERS_PER_COMPANY = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const LATENCY_BUDGET = 3;
/** The page the Super User's screens ask for first. */
const FIRST_PAGE = { limit: '10', offset: '0' };
const PASSWORD = 'BenchPassw0rd';
const SUPER_USER_EMAIL = 'bench-super-user@sitewalk.local';
const CITIES = ['Fresno', 'Clovis', 'Madera', 'Visalia', 'Hanford'];
const LAST_NAMES = ['Garcia', 'Nguyen', 'Smith', 'Patel', 'Kim', 'Lopez', 'Brown', 'Chen', 'Davis', 'Reyes'];

const { standIns, provisioned } = await startBenchStage(
  `bench-su-${COMPANIES}x${LOCATIONS_PER_COMPANY}x${USERS_PER_COMPANY}`,
);
const { dataFromEnv, identityFromEnv } = await import('@sitewalk/functions/composition');
const { createAccounts } = await import('@sitewalk/functions/domain/accounts');
const { nextIds } = await import('@sitewalk/functions/db/counters');
const { countMatching } = await import('@sitewalk/functions/db/bounded');
const { searchNeedle } = await import('@sitewalk/functions/db/entities/search-text');
const { progress } = await import('../../infra/local/progress.ts');
const { startLocalHost } = await import('../../infra/local/host.ts');
const db = dataFromEnv();

const pad = (n: number) => String(n).padStart(2, '0');

const seed = async () => {
  const accounts = createAccounts(db, identityFromEnv());
  const written = progress('bench data: companies, areas, locations and users', COMPANIES);
  const companyIds = await nextIds(db, 'managementCompany', COMPANIES);
  for (const [c, managementCompanyId] of companyIds.entries()) {
    await db.entities.managementCompany
      .create({
        managementCompanyId,
        name: `Bench Storage ${pad(c + 1)}`,
        email: `company-${c + 1}@sitewalk.local`,
      })
      .go();
    const organizationIds = await nextIds(db, 'organization', AREAS_PER_COMPANY);
    await db.entities.organization
      .put(
        organizationIds.map((organizationId, a) => ({
          organizationId,
          managementCompanyId,
          name: `Bench ${pad(c + 1)} area ${a + 1}`,
        })),
      )
      .go();
    const locationIds = await nextIds(db, 'location', LOCATIONS_PER_COMPANY);
    const locations = locationIds.map((locationId, l) => ({
      locationId,
      organizationId: organizationIds[l % AREAS_PER_COMPANY]!,
      managementCompanyId,
      name: `Bench ${pad(c + 1)} site ${pad(l + 1)}`,
      address: `${l + 1} Main St`,
      city: CITIES[l % CITIES.length]!,
      state: 'CA',
      zipcode: '93650',
      latitude: 36.8,
      longitude: -119.7,
    }));
    await db.entities.location.put(locations).go();
    for (let u = 0; u < USERS_PER_COMPANY; u++) {
      const location = locations[u % locations.length]!;
      await accounts.create({
        firstName: `Worker${pad(u + 1)}`,
        lastName: LAST_NAMES[u % LAST_NAMES.length]!,
        email: `bench-${c + 1}-${u + 1}@sitewalk.local`,
        roleId: Role.Employee,
        managementCompanyId,
        locations: [
          {
            locationId: location.locationId,
            organizationId: location.organizationId,
            managementCompanyId,
          },
        ],
        organizations: [],
      });
    }
    written.add(1);
  }
  written.finish();
  // Written last, so its presence means a complete data set.
  await accounts.create({
    firstName: 'Bench',
    lastName: 'Super User',
    email: SUPER_USER_EMAIL,
    roleId: Role.SuperUser,
    password: { value: PASSWORD, temporary: false },
    locations: [],
    organizations: [],
  });
};

const { data: ready } = await db.entities.userEmail.get({ email: SUPER_USER_EMAIL }).go();
if (!ready) await seed();
// The seed writes companies, areas and locations itself, as a bulk load, and a data set may be older than the
// lists' indexes: the backfill gives them their keys and counts the companies' tallies (once).
const { backfillStageLists } = await import('@sitewalk/functions/db/stage-lists-backfill');
await backfillStageLists(db);

const host = await startLocalHost({
  port: 0,
  auth: { jwksUrl: provisioned.jwksUrl, issuer: provisioned.issuer, clientId: provisioned.userPoolClientId },
});
const signedIn = await fetch(`${host.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: SUPER_USER_EMAIL, password: PASSWORD }),
});
const superUser = (await signedIn.json()) as { accessToken: string; user: { id: number } };
if (signedIn.status !== 200) throw new Error(`The Super User could not sign in: ${signedIn.status}`);

interface List {
  name: string;
  path: string;
  searchTerm?: string;
  /** How many rows the whole list holds (without a search term), which the answer's totalCount must say. */
  total?: number;
  rowsOf: (body: Record<string, unknown>) => unknown[];
  /**
   * A searched list's floor, printed only: the count of its matches alone, the one read the call cannot do
   * without (DynamoDB evaluates the filter on every item of the index's partition).
   */
  countAlone?: () => Promise<number>;
}

const rowsIn = (key: string) => (body: Record<string, unknown>) => body[key] as unknown[];
const superUserId = superUser.user.id;
const lists: List[] = [
  {
    name: 'management companies',
    path: '/api/managementCompany/some',
    total: COMPANIES,
    rowsOf: rowsIn('managementCompanies'),
  },
  { name: 'areas', path: `/api/organization/some/by-user/${superUserId}`, rowsOf: rowsIn('organizations') },
  {
    name: 'locations',
    path: `/api/location/some/by-user/${superUserId}`,
    total: COMPANIES * LOCATIONS_PER_COMPANY,
    rowsOf: rowsIn('locations'),
  },
  {
    name: 'users',
    path: `/api/user/some/by-user/${superUserId}`,
    // Every company's users and the Super User.
    total: COMPANIES * USERS_PER_COMPANY + 1,
    rowsOf: rowsIn('users'),
  },
].flatMap((list) => {
  const searchTerm = {
    'management companies': 'storage 1',
    areas: 'area 2',
    locations: 'visalia',
    users: 'garcia',
  }[list.name];
  const needle = searchNeedle(searchTerm) ?? '';
  // The stage's Queries of locations and users, as db/locations.ts and db/users.ts build them.
  const countAlone = {
    locations: () =>
      countMatching((options) =>
        db.entities.location.query
          .all({})
          .where(({ searchText }, { contains }) => contains(searchText, needle))
          .go(options as never),
      ),
    users: () =>
      countMatching((options) =>
        db.entities.user.query
          .all({})
          .where(({ searchText }, { contains }) => contains(searchText, needle))
          .go(options as never),
      ),
  }[list.name];
  return [
    list,
    {
      ...list,
      name: `${list.name}, searched`,
      searchTerm,
      total: undefined,
      ...(countAlone ? { countAlone } : {}),
    },
  ];
});

const get = async (path: string, query: Record<string, string>) => {
  const response = await fetch(`${host.url}${path}?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${superUser.accessToken}` },
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return body;
};

const health = async () => {
  const response = await fetch(`${host.url}/api/health`);
  await response.text();
  if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
};

const firstPage = async (list: List) => {
  const body = await get(list.path, {
    ...FIRST_PAGE,
    ...(list.searchTerm ? { searchTerm: list.searchTerm } : {}),
  });
  const rows = list.rowsOf(body);
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > Number(FIRST_PAGE.limit)) {
    throw new Error(`${list.name}: the first page holds ${String(rows?.length)} rows`);
  }
  if (list.total !== undefined && body.totalCount !== list.total) {
    throw new Error(`${list.name}: totalCount ${String(body.totalCount)}, expected ${list.total}`);
  }
  return { rows: rows.length, totalCount: body.totalCount as number };
};

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN;
};

const timed = async (call: () => Promise<unknown>) => {
  const started = performance.now();
  await call();
  return performance.now() - started;
};

/**
 * Health and every list's first page, ROUNDS times in turn, one request at a time, once the stand-ins and the
 * host are warm (`warmUp`); then the p95 of each.
 */
const measure = async () => {
  const shapes = new Map<string, { rows: number; totalCount: number }>();
  for (const list of lists) shapes.set(list.name, await firstPage(list));
  await warmUp([
    health,
    ...lists.flatMap((list) => [() => firstPage(list), ...(list.countAlone ? [list.countAlone] : [])]),
  ]);
  const latencies = new Map<string, number[]>(
    ['health', ...lists.map((l) => l.name)].map((name) => [name, []]),
  );
  const floors = new Map<string, number[]>(lists.filter((l) => l.countAlone).map((l) => [l.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    latencies.get('health')!.push(await timed(health));
    for (const list of lists) {
      latencies.get(list.name)!.push(await timed(() => firstPage(list)));
      if (list.countAlone) floors.get(list.name)!.push(await timed(list.countAlone));
    }
  }
  const healthP95 = p95(latencies.get('health')!);
  const missed: string[] = [];
  const rows = lists.map((list) => {
    const listP95 = p95(latencies.get(list.name)!);
    const ratio = listP95 / healthP95;
    if (ratio > LATENCY_BUDGET) missed.push(`${list.name}: ${ratio.toFixed(2)}× health`);
    return {
      list: list.name,
      'search term': list.searchTerm ?? '',
      'rows / total': `${shapes.get(list.name)!.rows} / ${shapes.get(list.name)!.totalCount}`,
      'p95 ms': Number(listP95.toFixed(1)),
      'p95 / health': Number(ratio.toFixed(2)),
      'within budget': ratio <= LATENCY_BUDGET ? 'yes' : 'NO',
      'count alone (floor)': floors.has(list.name)
        ? `${p95(floors.get(list.name)!).toFixed(1)} (${(p95(floors.get(list.name)!) / healthP95).toFixed(2)}×)`
        : '',
    };
  });
  console.log(
    `\nThe Super User's lists at ${COMPANIES} companies × ${LOCATIONS_PER_COMPANY} locations and ` +
      `${USERS_PER_COMPANY} users each, first page (limit ${FIRST_PAGE.limit}), one client at a time, ` +
      `${ROUNDS} rounds:\n  /api/health p95 ${healthP95.toFixed(1)} ms; budget: each list's p95 <= ` +
      `${LATENCY_BUDGET}× health's`,
  );
  console.table(rows);
  if (missed.length) throw new Error(`Super User list budgets missed:\n${missed.join('\n')}`);
};

// Measured once, whatever number of calls tinybench makes; an async task, so a missed budget fails the run.
let measured = false;

describe(`the Super User's lists at ${COMPANIES} companies, over HTTP`, () => {
  bench(
    `first pages of ${lists.length} lists against /api/health, ${ROUNDS} rounds`,
    async () => {
      if (measured) return;
      measured = true;
      await measure();
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});

afterAll(async () => {
  await host.close();
  await standIns.stop();
});
