import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, bench, describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { startStandIns } from '../../infra/local/standins/index.ts';
import { provision } from '../../infra/local/provision.ts';
import { localEnvironment } from '../../infra/local/standins/env.ts';

/**
 * The dashboard (`GET /api/incident/user-locations/{userId}`) at 10 and 20 locations (up to 50 with
 * BENCH_LOCATIONS) of 1,000 walk reports and 365 incidents each (BENCH_REPORTS), over HTTP on the local host:
 * its latency (vitest's table), the read capacity it consumes, and its budget (issue 16): at 20 locations, its
 * p95 under 10 concurrent clients at most 3× `/api/health`'s under the same load, and at most 2 read units
 * per location. The data set is built with progress, in parallel batches, and kept under .data/bench-*; later
 * runs reuse it.
 */

const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 20);
const REPORTS_PER_LOCATION = Number(process.env.BENCH_REPORTS ?? 1_000);
const INCIDENTS_PER_LOCATION = 365;
const STEPS = [10, 20, 30, 40, 50].filter((n) => n <= LOCATIONS);
/** The budget's step, its concurrent clients and its limits. */
const BUDGET = { locations: 20, clients: 10, latencyRatio: 3, readUnitsPerLocation: 2 };
const PASSWORD = 'BenchPassw0rd';
/** The data set's "now": reports run back from it every two hours, incidents daily. */
const ANCHOR = Date.UTC(2026, 10, 1, 12);
const HOUR = 3_600_000;

const root = fileURLToPath(new URL('../..', import.meta.url));
const standIns = await startStandIns({
  // `-tallies`: sets built before the month tallies would be tallied on their first dashboard instead.
  dataDir: join(root, '.data', `bench-${LOCATIONS}x${REPORTS_PER_LOCATION}-tallies`),
  workload: 'bulk',
});
const provisioned = await provision(standIns, {
  tableName: 'sitewalk-bench',
  bucketName: 'sitewalk-bench-uploads',
  userPoolName: 'sitewalk-bench',
  appOrigin: 'http://localhost:0',
});
Object.assign(
  process.env,
  localEnvironment(standIns, provisioned, {
    appUrl: 'http://localhost:0',
    mailFrom: 'bench@sitewalk.local',
    pinKey: randomBytes(32).toString('base64'),
    auditKey: randomBytes(32).toString('base64'),
    anchorDir: mkdtempSync(join(tmpdir(), 'sitewalk-anchors-')),
  }),
);
const { dataFromEnv, identityFromEnv } = await import('@sitewalk/functions/composition');
const { createAccounts } = await import('@sitewalk/functions/domain/accounts');
const { nextId, nextIds } = await import('@sitewalk/functions/db/counters');
const { readCapacity } = await import('@sitewalk/functions/db/client');
const { tallyItems } = await import('@sitewalk/functions/db/tallies');
const { putInBatches } = await import('../../infra/local/demo/batch-write.ts');
const { progress } = await import('../../infra/local/progress.ts');
const { startLocalHost } = await import('../../infra/local/host.ts');
const db = dataFromEnv();

const managerEmail = (n: number) => `bench-manager-${n}@sitewalk.local`;

const seed = async () => {
  const managementCompanyId = await nextId(db, 'managementCompany');
  await db.entities.managementCompany
    .create({ managementCompanyId, name: 'Bench Storage', email: 'bench@sitewalk.local' })
    .go();
  const organizationId = await nextId(db, 'organization');
  await db.entities.organization.create({ organizationId, managementCompanyId, name: 'Bench area' }).go();
  const locationIds = await nextIds(db, 'location', LOCATIONS);
  await db.entities.location
    .put(
      locationIds.map((locationId, i) => ({
        locationId,
        organizationId,
        managementCompanyId,
        name: `Bench site ${String(i + 1).padStart(2, '0')}`,
        address: `${i + 1} Main St`,
        city: 'Fresno',
        state: 'CA',
        zipcode: '93650',
        latitude: 36.8,
        longitude: -119.7,
        talliedAt: new Date(ANCHOR).toISOString(),
      })),
    )
    .go();
  const written = progress(
    'bench data: reports, incidents and tallies',
    LOCATIONS * (REPORTS_PER_LOCATION + 2 * INCIDENTS_PER_LOCATION + 1),
  );
  for (const [index, locationId] of locationIds.entries()) {
    const at = { locationId, organizationId, managementCompanyId };
    const walkId = await nextId(db, 'walk');
    await db.entities.walk
      .create({
        walkId,
        ...at,
        name: 'Perimeter',
        markers: Array.from({ length: 20 }, (_, m) => ({
          id: m + 1,
          label: m + 1,
          lat: 36.8,
          lng: -119.7,
          notes: '',
          unitNumberRange: '',
          hasUnitRange: false,
          isDoor: false,
          order: m,
        })),
      })
      .go();
    const reportIds = await nextIds(db, 'walkReport', REPORTS_PER_LOCATION);
    const reports = reportIds.map((walkReportId, i) => {
      const startedAt = new Date(ANCHOR - i * 2 * HOUR - index * 60_000).toISOString();
      return {
        walkReportId,
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
      };
    });
    const incidentIds = await nextIds(db, 'incident', INCIDENTS_PER_LOCATION);
    const incidents = incidentIds.map((incidentId, i) => ({
      incidentId,
      ...at,
      priority: (i % 3) + 1,
      status: i % 10 < 3 ? ('open' as const) : ('resolved' as const),
      createdBy: 1,
      createdAt: new Date(ANCHOR - i * 24 * HOUR - 5 * HOUR).toISOString(),
      texts: [{ id: i + 1, text: 'Gate left open' }],
      notes: [{ id: i + 1, note: 'Closed it', userId: 1, createdAt: new Date(ANCHOR).toISOString() }],
      photoKeys: [],
    }));
    // The month tallies are a few items; the bar counts them with the incidents.
    await putInBatches(reports, (batch) => db.entities.walkReport.put(batch).go(), written);
    await putInBatches(incidents, (batch) => db.entities.incident.put(batch).go(), written);
    const months = tallyItems(locationId, reports, incidents);
    await putInBatches(months, (batch) => db.entities.locationMonth.put(batch).go());
    await db.entities.locationTally.put({ locationId, walkReportCount: REPORTS_PER_LOCATION }).go();
    written.add(INCIDENTS_PER_LOCATION + 1);
  }
  written.finish();
  const accounts = createAccounts(db, identityFromEnv());
  for (const n of STEPS) {
    await accounts.create({
      firstName: 'Bench',
      lastName: `Manager ${n}`,
      email: managerEmail(n),
      roleId: Role.Manager,
      managementCompanyId,
      password: { value: PASSWORD, temporary: false },
      locations: locationIds
        .slice(0, n)
        .map((locationId) => ({ locationId, organizationId, managementCompanyId })),
      organizations: [],
    });
  }
};

// The managers are written last, so their presence means a complete data set.
const { data: ready } = await db.entities.userEmail.get({ email: managerEmail(STEPS.at(-1) ?? 10) }).go();
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
  const body = (await response.json()) as { accessToken: string; user: { id: number } };
  return { token: body.accessToken, userId: body.user.id };
};
const managers = new Map(
  await Promise.all(STEPS.map(async (n) => [n, await signIn(managerEmail(n))] as const)),
);

const dashboard = async (n: number) => {
  const manager = managers.get(n);
  if (!manager) throw new Error(`No manager for ${n} locations`);
  const response = await fetch(
    `${host.url}/api/incident/user-locations/${manager.userId}?to=${new Date(ANCHOR).toISOString()}`,
    { headers: { authorization: `Bearer ${manager.token}` } },
  );
  const body = (await response.json()) as { locations: { walkReportStats: { lastWeek: number } }[] };
  if (response.status !== 200 || body.locations.length !== n) {
    throw new Error(`The dashboard answered ${response.status} with ${body.locations.length} locations`);
  }
  return body;
};

// Read capacity of one call per step, and what each location's card holds.
const capacity: {
  locations: number;
  readCapacityUnits: number;
  perLocation: number;
  reportsInWeek: number;
}[] = [];
for (const n of STEPS) {
  readCapacity.units = 0;
  const body = await dashboard(n);
  capacity.push({
    locations: n,
    readCapacityUnits: Number(readCapacity.units.toFixed(1)),
    perLocation: Number((readCapacity.units / n).toFixed(2)),
    reportsInWeek: body.locations[0]?.walkReportStats.lastWeek ?? 0,
  });
}

/** The p95 latency of `call` with `clients` clients calling it back to back for `ms`. */
const p95UnderLoad = async (call: () => Promise<unknown>, clients: number, ms: number) => {
  const latencies: number[] = [];
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await call();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return latencies[Math.floor(latencies.length * 0.95)] ?? Number.NaN;
};

const health = async () => {
  const response = await fetch(`${host.url}/api/health`);
  await response.text();
  if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
};

// The budget: health and the dashboard, each under the same load, one after the other.
const budgeted = capacity.find((c) => c.locations === BUDGET.locations);
const budget = budgeted && {
  healthP95: await p95UnderLoad(health, BUDGET.clients, 5_000),
  dashboardP95: await p95UnderLoad(() => dashboard(BUDGET.locations), BUDGET.clients, 5_000),
  readUnitsPerLocation: budgeted.perLocation,
};

describe(`dashboard over HTTP, ${REPORTS_PER_LOCATION} walk reports and ${INCIDENTS_PER_LOCATION} incidents per location`, () => {
  for (const n of STEPS) {
    bench(`${n} locations`, () => dashboard(n).then(() => undefined), { time: 3_000, warmupIterations: 2 });
  }
});

afterAll(async () => {
  console.log('\nDashboard read capacity (one call; eventually consistent reads):');
  console.table(capacity);
  if (budget) {
    const ratio = budget.dashboardP95 / budget.healthP95;
    const within = ratio <= BUDGET.latencyRatio && budget.readUnitsPerLocation <= BUDGET.readUnitsPerLocation;
    console.log(
      `\nBudget at ${BUDGET.locations} locations, ${BUDGET.clients} concurrent clients:\n` +
        `  /api/health p95 ${budget.healthP95.toFixed(1)} ms, dashboard p95 ${budget.dashboardP95.toFixed(1)} ms: ` +
        `${ratio.toFixed(2)}× (at most ${BUDGET.latencyRatio}×)\n` +
        `  read units per location ${budget.readUnitsPerLocation} (at most ${BUDGET.readUnitsPerLocation})\n` +
        `  ${within ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
  await host.close();
  await standIns.stop();
});
