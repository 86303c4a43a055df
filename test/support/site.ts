import { randomBytes, randomUUID } from 'node:crypto';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { apiAs } from './api.ts';
import { person, type Person } from './people.ts';

/**
 * The tenant fixture: a tenant (company -> area -> location -> people placed by role) seeded over HTTP, and a
 * site (a tenant with a walk, a report and an incident). Every answer is checked against the contract.
 */

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

/** One tenant: a management company, an area of it and a location in the area, and people placed in it. */
export interface Tenant {
  /** What its objects are named after: `Company <label>`, `Area <label>`, `Location <label>`. */
  label: string;
  companyId: number;
  organizationId: number;
  locationId: number;
  /** Who made it (an Admin or a Super User). */
  creator: Person;
  /** Another location in the tenant's area. */
  addLocation(name: string): Promise<number>;
  /**
   * A person of the tenant with the role, placed where the role works: an Owner or Company Manager in the
   * company, an Area Manager in the area, anyone below at the locations (the tenant's own unless said).
   */
  person(roleId: RoleId, locationIds?: number[]): Promise<Person>;
}

/**
 * Seeds a tenant over HTTP as `by` (a fresh Super User unless given), every answer checked against the
 * contract. `label` names its company, area and location (random unless given).
 */
export const seedTenant = async (
  baseUrl: string,
  options: { by?: Person; label?: string } = {},
): Promise<Tenant> => {
  const api = apiAs(baseUrl);
  const creator = options.by ?? (await person(baseUrl, Role.SuperUser));
  const label = options.label ?? randomBytes(3).toString('hex');
  const company = await api(creator, 'managementCompany.create', {
    body: { name: `Company ${label}`, email: `company-${label.replace(/\W/g, '')}@example.com` },
  });
  const area = await api(creator, 'organization.create', {
    body: { name: `Area ${label}`, managementCompanyId: company.id },
  });
  const addLocation = async (name: string) =>
    (await api(creator, 'location.create', { body: locationBody(name, area.id) })).id;
  const locationId = await addLocation(`Location ${label}`);
  return {
    label,
    companyId: company.id,
    organizationId: area.id,
    locationId,
    creator,
    addLocation,
    person: (roleId, locationIds = [locationId]) =>
      person(baseUrl, roleId, {
        managementCompanyId: company.id,
        organizations:
          roleId === Role.AreaManager ? [{ organizationId: area.id, managementCompanyId: company.id }] : [],
        locations:
          roleId <= Role.Manager
            ? locationIds.map((id) => ({
                locationId: id,
                organizationId: area.id,
                managementCompanyId: company.id,
              }))
            : [],
      }),
  };
};

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
  const report = await api(employee, 'walkReport.start', {
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
