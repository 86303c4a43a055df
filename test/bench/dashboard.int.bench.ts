import { randomUUID } from 'node:crypto';
import { afterAll, bench, describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { PORTFOLIO_PAGE_DEFAULT } from '@sitewalk/shared/constants';
import { timeZoneAt } from '@sitewalk/shared/time-zones';
import { startBenchStage } from './support/bench-stage.ts';
import { warmUp } from './support/warm-up.ts';

/**
 * The owner's dashboard at portfolio scale (issue 30, "Dashboard latency, one client at a time"): the summary
 * and the first page of an Owner's 500 locations (BENCH_LOCATIONS), each with 60 days of two walks a day
 * (BENCH_DAYS) and an incident every third day, over HTTP on the local host. The screen asks them in one call:
 * the first page (`GET /api/incident/portfolio/locations`) carries the summary. Budgets, in one run: that
 * call's p95 at most 3× `/api/health`'s p95 measured the same way, one client at a time; and at most 2 read
 * units per location shown. Printed, not budgeted: the same at 20 locations (a Manager of 20) and
 * under 8 concurrent clients, and the floor at 500: the company's status Query alone. The bench fails (`npm run bench` exits non-zero) when a budget is missed. The
 * data set is built with progress, in parallel batches, and kept under .data/bench-portfolio-*; later runs
 * reuse it (its walks age: today's states change, what is read does not). The calls measured read no walk
 * report (their month tallies and status items are written from all of them), so only the last week's reports
 * are written as items: 500 locations' 60 days would be 60,000 writes, most of the time to build the set.
 */

const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 500);
const DAYS = Number(process.env.BENCH_DAYS ?? 60);
const WALKS_PER_DAY = 2;
/** The reports written as items: of the last week. */
const REPORT_ITEM_DAYS = 7;
const INCIDENT_EVERY_DAYS = 3;
const AREAS = 10;
const SMALL = 20;
const BUDGET = { latencyRatio: 3, readUnitsPerLocationShown: 2 };
const CONCURRENT_CLIENTS = 8;
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 5_000);
const PASSWORD = 'BenchPassw0rd';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Changed with the stored form of what the set holds (status items' entries: 2), so a stale set is not reused. */
const DATA_FORMAT = 2;
const { standIns, provisioned } = await startBenchStage(
  `bench-portfolio-${LOCATIONS}x${DAYS}d-f${DATA_FORMAT}`,
);
const { dataFromEnv, identityFromEnv } = await import('@sitewalk/functions/composition');
const { createAccounts } = await import('@sitewalk/functions/domain/accounts');
const { defaultWindows } = await import('@sitewalk/functions/domain/schedules');
const { nextId, nextIds } = await import('@sitewalk/functions/db/counters');
const { readCapacity } = await import('@sitewalk/functions/db/client');
const { tallyItems } = await import('@sitewalk/functions/db/tallies');
const { builtStatusItem, companyMarkItem, statusSetsOf, statusesOf } =
  await import('@sitewalk/functions/db/location-status');
const { putInBatches } = await import('../../infra/local/demo/batch-write.ts');
const { progress } = await import('../../infra/local/progress.ts');
const { startLocalHost } = await import('../../infra/local/host.ts');
const db = dataFromEnv();

const ownerEmail = 'bench-owner@sitewalk.local';
const managerEmail = `bench-manager-${SMALL}@sitewalk.local`;

const seed = async () => {
  const now = new Date();
  const managementCompanyId = await nextId(db, 'managementCompany');
  await db.entities.managementCompany
    .create({ managementCompanyId, name: 'Bench Storage', email: 'bench@sitewalk.local' })
    .go();
  const areaIds = await nextIds(db, 'organization', AREAS);
  await db.entities.organization
    .put(
      areaIds.map((organizationId, a) => ({
        organizationId,
        managementCompanyId,
        name: `Bench area ${a + 1}`,
      })),
    )
    .go();
  const locationIds = await nextIds(db, 'location', LOCATIONS);
  const locations = locationIds.map((locationId, i) => ({
    locationId,
    organizationId: areaIds[i % AREAS] ?? 0,
    managementCompanyId,
    name: `Bench site ${String(i + 1).padStart(3, '0')}`,
    address: `${i + 1} Main St`,
    city: 'Fresno',
    state: 'CA',
    zipcode: '93650',
    latitude: 36.8,
    longitude: -119.7,
    talliedAt: now.toISOString(),
  }));
  await putInBatches(locations, (batch) => db.entities.location.put(batch).go());
  const reportsPerLocation = DAYS * WALKS_PER_DAY;
  const incidentsPerLocation = Math.ceil(DAYS / INCIDENT_EVERY_DAYS);
  const reportItemsPerLocation = Math.min(reportsPerLocation, REPORT_ITEM_DAYS * WALKS_PER_DAY);
  const written = progress(
    'bench data: reports, incidents, tallies and status items',
    LOCATIONS * (reportItemsPerLocation + incidentsPerLocation),
  );
  const schedule = { timeZone: timeZoneAt(36.8, -119.7), windows: defaultWindows() };
  const walkIds = await nextIds(db, 'walk', LOCATIONS);
  const reportIds = await nextIds(db, 'walkReport', LOCATIONS * reportsPerLocation);
  const incidentIds = await nextIds(db, 'incident', LOCATIONS * incidentsPerLocation);
  const marker = {
    lat: 36.8,
    lng: -119.7,
    notes: '',
    unitNumberRange: '',
    hasUnitRange: false,
    isDoor: false,
  };
  await putInBatches(
    locations.map((location, index) => ({
      walkId: walkIds[index] ?? 0,
      locationId: location.locationId,
      organizationId: location.organizationId,
      managementCompanyId,
      name: 'Perimeter',
      markers: Array.from({ length: 20 }, (_, m) => ({ ...marker, id: m + 1, label: m + 1, order: m })),
    })),
    (batch) => db.entities.walk.put(batch).go(),
  );
  // A few locations at a time: each one's reports and incidents, then its month tallies and its status item.
  const perLocation = async (location: (typeof locations)[number], index: number) => {
    const at = {
      locationId: location.locationId,
      organizationId: location.organizationId,
      managementCompanyId,
    };
    const walkId = walkIds[index] ?? 0;
    const reports = Array.from({ length: reportsPerLocation }, (_, i) => {
      const startedAt = new Date(
        now.getTime() - (i + 1) * (DAY / WALKS_PER_DAY) - index * 7_000,
      ).toISOString();
      return {
        walkReportId: reportIds[index * reportsPerLocation + i] ?? 0,
        walkId,
        ...at,
        userId: 1,
        clientId: randomUUID(),
        startedAt,
        createdAt: startedAt,
        finishedAt: new Date(Date.parse(startedAt) + 30 * 60_000).toISOString(),
        walkName: 'Perimeter',
        markerCount: 20,
        visitedMarkerIds: Array.from({ length: 20 }, (_, m) => m + 1),
        firstArrivalAt: startedAt,
        lastArrivalAt: new Date(Date.parse(startedAt) + 25 * 60_000).toISOString(),
        // One report in fifteen carries a flag (by hand).
        ...(i % 15 === 3 ? { flags: ['hand:c1'] } : {}),
      };
    });
    const incidents = Array.from({ length: incidentsPerLocation }, (_, i) => ({
      incidentId: incidentIds[index * incidentsPerLocation + i] ?? 0,
      ...at,
      priority: ((i + index) % 3) + 1,
      status: i % 10 < 2 ? ('open' as const) : ('resolved' as const),
      createdBy: 1,
      createdAt: new Date(now.getTime() - i * INCIDENT_EVERY_DAYS * DAY - 5 * HOUR).toISOString(),
      texts: [{ id: i + 1, text: 'Gate left open' }],
      notes: [{ id: i + 1, note: 'Closed it', userId: 1, createdAt: now.toISOString() }],
      photoKeys: [],
    }));
    // Newest first: the last week's.
    await putInBatches(
      reports.slice(0, reportItemsPerLocation),
      (batch) => db.entities.walkReport.put(batch).go(),
      written,
    );
    await putInBatches(incidents, (batch) => db.entities.incident.put(batch).go(), written);
    await putInBatches(tallyItems(location.locationId, reports, incidents), (batch) =>
      db.entities.locationMonth.put(batch).go(),
    );
    await db.entities.locationTally
      .put({ locationId: location.locationId, walkReportCount: reports.length })
      .go();
    const open = incidents.filter((i) => i.status === 'open');
    await db.entities.locationStatus
      .put(builtStatusItem(location, schedule, statusSetsOf(reports, open, now)))
      .go();
  };
  for (let i = 0; i < locations.length; i += 8) {
    await Promise.all(locations.slice(i, i + 8).map((l, k) => perLocation(l, i + k)));
  }
  await db.entities.locationStatus.put(companyMarkItem(managementCompanyId)).go();
  written.finish();
  const accounts = createAccounts(db, identityFromEnv());
  await accounts.create({
    firstName: 'Bench',
    lastName: 'Manager',
    email: managerEmail,
    roleId: Role.Manager,
    managementCompanyId,
    password: { value: PASSWORD, temporary: false },
    locations: locations.slice(0, SMALL).map((l) => ({
      locationId: l.locationId,
      organizationId: l.organizationId,
      managementCompanyId,
    })),
    organizations: [],
  });
  // The owner is written last, so their presence means a complete data set.
  await accounts.create({
    firstName: 'Bench',
    lastName: 'Owner',
    email: ownerEmail,
    roleId: Role.Owner,
    managementCompanyId,
    password: { value: PASSWORD, temporary: false },
    locations: [],
    organizations: [],
  });
};

const { data: ready } = await db.entities.userEmail.get({ email: ownerEmail }).go();
if (!ready) await seed();

const host = await startLocalHost({
  port: 0,
  auth: { jwksUrl: provisioned.jwksUrl, issuer: provisioned.issuer, clientId: provisioned.userPoolClientId },
});
const signIn = async (email: string) => {
  const response = await fetch(`${host.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { accessToken: string };
  return body.accessToken;
};
const viewers = { [LOCATIONS]: await signIn(ownerEmail), [SMALL]: await signIn(managerEmail) };

const get = async (token: string, path: string) => {
  const response = await fetch(`${host.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
};

const PAGE = '/api/incident/portfolio/locations';

const tokenOf = (locations: number) => {
  const token = viewers[locations];
  if (!token) throw new Error(`No viewer of ${locations} locations`);
  return token;
};

/** The summary and the first page, as the dashboard asks them: how many locations it shows. */
const dashboard = async (locations: number) => {
  const page = await get(tokenOf(locations), PAGE);
  const summary = page.summary as { locationCount?: number } | undefined;
  if (summary?.locationCount !== locations || page.totalCount !== locations) {
    throw new Error(`The dashboard counted ${String(summary?.locationCount)}, not ${locations} locations`);
  }
  return (page.locations as unknown[]).length;
};

const health = async () => {
  const response = await fetch(`${host.url}/api/health`);
  await response.text();
  if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
};

/**
 * The p95 latency of each call with `clients` clients calling them in turn, back to back, for `ms`: health and
 * the dashboard are measured the same way, interleaved, so both see the same load of a shared machine.
 */
const p95s = async (calls: (() => Promise<unknown>)[], clients: number, ms = SAMPLE_MS) => {
  const latencies = calls.map((): number[] => []);
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        for (const [i, call] of calls.entries()) {
          const started = performance.now();
          await call();
          latencies[i]?.push(performance.now() - started);
        }
      }
    }),
  );
  return latencies.map((each) => {
    each.sort((a, b) => a - b);
    return each[Math.floor(each.length * 0.95)] ?? Number.NaN;
  });
};

/** Read units of the summary and first page, and how many locations the page shows. */
const readUnits = async (locations: number) => {
  readCapacity.units = 0;
  const shown = await dashboard(locations);
  return { units: readCapacity.units, shown };
};

/**
 * The floor of the call at 500 locations, printed only: the one read it cannot do without (the company's status
 * Query, in this process, no HTTP), measured the same way. On DynamoDB Local it alone costs several health calls.
 */
const ownerCompany = async () => {
  const { data: login } = await db.entities.userEmail.get({ email: ownerEmail }).go();
  const { data: owner } = await db.entities.user.get({ userId: login?.userId ?? 0 }).go();
  if (owner?.managementCompanyId === undefined) throw new Error('The bench owner has no company');
  return owner.managementCompanyId;
};
const companyId = await ownerCompany();
const statusQuery = () => statusesOf(db, companyId);

interface Row {
  locations: number;
  clients: number;
  'health p95 ms': string;
  'summary + page p95 ms': string;
  ratio: string;
  'status Query p95 ms (floor)': string;
  'read units': string;
  'per location shown': string;
}
const rows: Row[] = [];
const measure = async (locations: number, clients: number) => {
  for (let i = 0; i < 3; i++) await dashboard(locations);
  const { units, shown } = await readUnits(locations);
  const [healthP95 = Number.NaN, dashboardP95 = Number.NaN, floorP95 = Number.NaN] = await p95s(
    [health, () => dashboard(locations), ...(locations === LOCATIONS ? [statusQuery] : [])],
    clients,
  );
  const row = {
    healthP95,
    dashboardP95,
    ratio: dashboardP95 / healthP95,
    perShown: units / Math.max(shown, 1),
  };
  rows.push({
    locations,
    clients,
    'health p95 ms': healthP95.toFixed(1),
    'summary + page p95 ms': dashboardP95.toFixed(1),
    ratio: `${row.ratio.toFixed(2)}×`,
    'status Query p95 ms (floor)': Number.isNaN(floorP95)
      ? ''
      : `${floorP95.toFixed(1)} (${(floorP95 / healthP95).toFixed(2)}×)`,
    'read units': units.toFixed(1),
    'per location shown': row.perShown.toFixed(2),
  });
  return row;
};

describe(`owner's dashboard over HTTP: ${LOCATIONS} locations, ${DAYS} days of ${WALKS_PER_DAY} walks a day`, () => {
  bench(
    `summary + first page (${PORTFOLIO_PAGE_DEFAULT} shown), one client at a time: budgets`,
    async () => {
      // Once, for every row: the stand-ins and the host stay warm from one measure to the next.
      await warmUp([health, () => dashboard(LOCATIONS), () => dashboard(SMALL), statusQuery]);
      const budgeted = await measure(LOCATIONS, 1);
      await measure(SMALL, 1);
      await measure(LOCATIONS, CONCURRENT_CLIENTS);
      await measure(SMALL, CONCURRENT_CLIENTS);
      console.log(
        `\nOwner's dashboard (the first page with its summary; eventually consistent reads). Budget at ` +
          `${LOCATIONS} locations, one client: p95 ≤ ${BUDGET.latencyRatio}× /api/health's, ` +
          `≤ ${BUDGET.readUnitsPerLocationShown} read units per location shown; the other rows are printed only.`,
      );
      console.table(rows);
      const missed = [
        ...(budgeted.ratio > BUDGET.latencyRatio
          ? [`p95 ${budgeted.dashboardP95.toFixed(1)} ms is ${budgeted.ratio.toFixed(2)}× health's`]
          : []),
        ...(budgeted.perShown > BUDGET.readUnitsPerLocationShown
          ? [`${budgeted.perShown.toFixed(2)} read units per location shown`]
          : []),
      ];
      if (missed.length)
        throw new Error(`Dashboard budgets missed at ${LOCATIONS} locations: ${missed.join('; ')}`);
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});

afterAll(async () => {
  await host.close();
  await standIns.stop();
});
