import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { apiAs, type Api } from './api.ts';
import { startTestHost, type TestHost } from './host.ts';
import { callAs, person, type Person } from './people.ts';
import { seedTenant, type Tenant } from './site.ts';

/** A marker of a walk body, numbered `n`, each 0.001° (111 m) further north of 36.8, -119.7. */
export const marker = (n: number, extra: Record<string, unknown> = {}) => ({
  label: n,
  lat: 36.8 + n / 1000,
  lng: -119.7,
  ...extra,
});

/** What the walk tests share: tenant A with a Manager and an Employee at its location, tenant B with a Manager. */
export interface WalkTenants {
  admin: Person;
  a: Tenant;
  b: Tenant;
  manager: Person;
  employee: Person;
  managerB: Person;
}

export const seedWalkTenants = async (baseUrl: string): Promise<WalkTenants> => {
  const admin = await person(baseUrl, Role.Admin);
  const a = await seedTenant(baseUrl, { by: admin, label: 'A' });
  const b = await seedTenant(baseUrl, { by: admin, label: 'B' });
  return {
    admin,
    a,
    b,
    manager: await a.person(Role.Manager),
    employee: await a.person(Role.Employee),
    managerB: await b.person(Role.Manager),
  };
};

/** A walk test file's host, its two ways of calling it (raw, and typed by the contract) and its tenants. */
export const startWalkTests = async (): Promise<{
  t: TestHost;
  call: ReturnType<typeof callAs>;
  api: Api;
  w: WalkTenants;
}> => {
  const t = await startTestHost();
  return { t, call: callAs(t.host.url), api: apiAs(t.host.url), w: await seedWalkTenants(t.host.url) };
};

/**
 * A walk test file's setup in one line: registers the hooks that start its host and seed its tenants before
 * its tests (see startWalkTests) and close the host after them. What it answers is filled in by then.
 */
export const walkTestFile = () => {
  const t = {} as TestHost;
  const w = {} as WalkTenants;
  beforeAll(async () => {
    const started = await startWalkTests();
    Object.assign(t, started.t);
    Object.assign(w, started.w);
  });
  afterAll(() => t.host.close());
  const call: ReturnType<typeof callAs> = (...args) => callAs(t.host.url)(...args);
  const api = ((...args: Parameters<Api>) => apiAs(t.host.url)(...args)) as Api;
  return { t, call, api, w };
};

/** A new location of the tenant, with an Employee to walk it and a walk of ten markers. */
export const tenMarkerSite = async (
  baseUrl: string,
  tenant: Tenant,
  names: { location: string; walk: string },
) => {
  const locationId = await tenant.addLocation(names.location);
  const walker = await tenant.person(Role.Employee, [locationId]);
  const walk = await apiAs(baseUrl)(tenant.creator, 'walk.create', {
    body: { name: names.walk, locationId, markers: Array.from({ length: 10 }, (_, n) => marker(n + 1)) },
  });
  return { locationId, walker, walkId: walk.id, markers: walk.markers };
};
export type TenMarkerSite = Awaited<ReturnType<typeof tenMarkerSite>>;

/** Records a report at a site: started, arriving at [marker index, time] each, finished if a time is given. */
export const recordReport = async (
  baseUrl: string,
  site: TenMarkerSite,
  startedAt: string,
  arrivals: [number, string][],
  finishedAt?: string,
): Promise<number> => {
  const api = apiAs(baseUrl);
  const { walker, walkId, markers } = site;
  const { id: walkReportId } = await api(walker, 'walkReport.start', {
    body: { walkId, clientId: randomUUID(), startedAt },
  });
  for (const [index, arrivedAt] of arrivals) {
    await api(walker, 'walkReport.recordCompletedMarker', {
      params: { walkReportId },
      body: {
        clientId: randomUUID(),
        markerId: markers[index]?.id ?? 0,
        arrivedAt,
        lat: 36.8,
        lng: -119.7,
        accuracy: 3,
      },
    });
  }
  if (finishedAt !== undefined) {
    await api(walker, 'walkReport.finish', { params: { walkReportId }, body: { finishedAt } });
  }
  return walkReportId;
};
