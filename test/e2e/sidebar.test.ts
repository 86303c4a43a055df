import { describe } from 'vitest';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { person, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { e2e, expect, signInThroughApi, test } from './support/journey.ts';

/**
 * The sidebar's entries by role (the app shell): Dashboard and
 * Locations for everyone, then Tasks and Alerts for everyone (issue 17), 'Record a Walk' for the roles that
 * walk (Employee to Area Manager, issue 15), Management Companies above role 40, Areas and Users above role 10,
 * Activity (the audit log, issue 18) for Company Managers and above; the roles that record have their Home
 * (today's walk windows, issue 28) first.
 */
const expected = (roleId: RoleId) => [
  ...(roleId <= Role.AreaManager ? ['Home'] : []),
  'Dashboard',
  'Locations',
  'Tasks',
  'Alerts',
  ...(roleId <= Role.AreaManager ? ['Record a Walk'] : []),
  ...(roleId > 40 ? ['Management Companies'] : []),
  ...(roleId > 10 ? ['Areas', 'Users'] : []),
  ...(roleId >= Role.CompanyManager ? ['Activity'] : []),
];

describe('the sidebar', () => {
  test.for([
    ['an Employee', Role.Employee],
    ['a Manager', Role.Manager],
    ['a Company Manager', Role.CompanyManager],
    ['the Super User', Role.SuperUser],
  ] as const)('of %s', async ([, roleId], { journey }) => {
    const { url } = e2e();
    const site = await seedSite(url);
    const membership = {
      locationId: site.locationId,
      organizationId: site.organizationId,
      managementCompanyId: site.companyId,
    };
    const who =
      roleId === Role.SuperUser
        ? site.superUser
        : await person(url, roleId, {
            managementCompanyId: site.companyId,
            ...(roleId <= Role.Manager ? { locations: [membership] } : {}),
          });

    await signInThroughApi(journey, who.email, PERSON_PASSWORD);
    const entries = journey.page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect(
      await entries.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label'))),
    ).toEqual(expected(roleId));
    await journey.check('dashboard');
  });
});
