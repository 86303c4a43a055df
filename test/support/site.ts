import { randomBytes, randomUUID } from 'node:crypto';
import { Role } from '@sitewalk/shared/roles';
import { callAs, person, type Person } from './people.ts';

/** One tenant's objects, each of them once: a company, an area, a location with a walk, a report and an incident. */
export interface Site {
  companyId: number;
  areaId: number;
  locationId: number;
  walkId: number;
  markerId: number;
  walkReportId: number;
  incidentId: number;
  superUser: Person;
  employee: Person;
}

/** The body of POST /api/location for a plausible site in the given area. */
export const locationBody = (name: string, organizationId: number) => ({
  name,
  address: '1 Main St',
  city: 'Fresno',
  state: 'CA',
  zipcode: '93650',
  latitude: 36.8,
  longitude: -119.7,
  organizationId,
});

/** Seeds a site over HTTP as a Super User, with an Employee of its location who starts a walk report. */
export const seedSite = async (baseUrl: string): Promise<Site> => {
  const call = callAs(baseUrl);
  const label = randomBytes(3).toString('hex');
  const idOf = (answer: { status: number; body: Record<string, unknown> }) => {
    if (answer.status >= 300)
      throw new Error(`Seeding failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return Number(answer.body.id);
  };
  const superUser = await person(baseUrl, Role.SuperUser);
  const companyId = idOf(
    await call(superUser, 'POST', '/api/managementCompany', {
      name: `Site ${label}`,
      email: `site-${label}@example.com`,
    }),
  );
  const areaId = idOf(
    await call(superUser, 'POST', '/api/organization', {
      name: `Area ${label}`,
      managementCompanyId: companyId,
    }),
  );
  const locationId = idOf(
    await call(superUser, 'POST', '/api/location', locationBody(`Location ${label}`, areaId)),
  );
  const employee = await person(baseUrl, Role.Employee, {
    managementCompanyId: companyId,
    locations: [{ locationId, organizationId: areaId, managementCompanyId: companyId }],
  });
  const walk = await call(superUser, 'POST', '/api/walk', {
    name: `Walk ${label}`,
    locationId,
    markers: [{ label: 1, lat: 36.8, lng: -119.7 }],
  });
  const walkId = idOf(walk);
  const markerId = (walk.body.markers as { id: number }[])[0]?.id ?? 0;
  const walkReportId = idOf(
    await call(employee, 'POST', '/api/walk/walk-report', {
      walkId,
      clientId: randomUUID(),
      startedAt: new Date().toISOString(),
    }),
  );
  const incidentId = idOf(
    await call(employee, 'POST', '/api/incident', { locationId, typeId: 2, incidentTexts: ['Seeded'] }),
  );
  return {
    companyId,
    areaId,
    locationId,
    walkId,
    markerId,
    walkReportId,
    incidentId,
    superUser,
    employee,
  };
};
