import { randomUUID } from 'node:crypto';
import { Role } from '@sitewalk/shared/roles';
import { apiAs } from './api.ts';
import type { Person } from './people.ts';
import { seedTenant, type Tenant } from './tenant.ts';

/**
 * A tenant with one of each object at its location: a walk of one marker (`Walk <label>`), a walk report
 * and an incident (`Seeded incident <label>`).
 */
export interface Site extends Tenant {
  walkId: number;
  markerId: number;
  walkReportId: number;
  incidentId: number;
  superUser: Person;
  /** An Employee of the location, who started the report and logged the incident. */
  employee: Person;
}

/** Seeds a site over HTTP (see seedTenant), as a Super User unless `by` is given. */
export const seedSite = async (
  baseUrl: string,
  options: { by?: Person; label?: string } = {},
): Promise<Site> => {
  const api = apiAs(baseUrl);
  const tenant = await seedTenant(baseUrl, options);
  const { creator, label, locationId } = tenant;
  const employee = await tenant.person(Role.Employee);
  const walk = await api(creator, 'walk.create', {
    body: { name: `Walk ${label}`, locationId, markers: [{ label: 1, lat: 36.8, lng: -119.7 }] },
  });
  const report = await api(employee, 'walk.startReport', {
    body: { walkId: walk.id, clientId: randomUUID(), startedAt: new Date().toISOString() },
  });
  const incident = await api(employee, 'incident.create', {
    body: { locationId, typeId: 2, incidentTexts: [`Seeded incident ${label}`] },
  });
  return {
    ...tenant,
    walkId: walk.id,
    markerId: walk.markers[0]?.id ?? 0,
    walkReportId: report.id,
    incidentId: incident.id,
    superUser: creator,
    employee,
  };
};
