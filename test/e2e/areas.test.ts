import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { callAs, person, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { e2e, expect, pathOf, signInThroughApi, test } from './support/journey.ts';
import { allowStorage, logoPng } from './support/storage.ts';

/** The Areas screens (Areas, Area detail, Area update, Add area). */
describe('areas', () => {
  test('a Company Manager adds an area, fills and empties it through Add Users, renames and deletes it', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const site = await seedSite(url);
    const call = callAs(url);
    const company = { managementCompanyId: site.companyId };
    const manager = await person(url, Role.CompanyManager, company);
    const [first, second] = await Promise.all([
      person(url, Role.AreaManager, company),
      person(url, Role.AreaManager, company),
    ]);
    const below = await person(url, Role.Manager, {
      ...company,
      locations: [{ locationId: site.locationId, organizationId: site.organizationId, ...company }],
    });
    const nameOf = async (who: { id: number }) => {
      const answer = await call(manager, 'GET', `/api/user/${who.id}`);
      return `${String(answer.body.firstName)} ${String(answer.body.lastName)}`;
    };
    const [firstName, secondName, belowName] = await Promise.all([
      nameOf(first),
      nameOf(second),
      nameOf(below),
    ]);
    const seededName = String(
      (await call(manager, 'GET', `/api/organization/${site.organizationId}`)).body.name,
    );
    const label = randomBytes(3).toString('hex');
    const organizationName = `Journey Area ${label}`;

    await allowStorage(journey);
    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Areas' }).click();
    await page.getByRole('heading', { level: 1, name: 'Areas' }).waitFor();
    const organizations = page.getByRole('table', { name: 'Areas' });
    await organizations.getByText(seededName).waitFor();
    await journey.check('areas');

    // Add Area: the only company is chosen already. (An empty name and a logo that is no image are refused
    // before sending: web/src/features/organizations/organization-add-page.test.tsx.)
    await page.getByRole('link', { name: 'Add Area' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add Area' }).waitFor();
    await page
      .getByText('Areas are required to create locations. Each area can contain one or more locations.')
      .waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(organizationName);
    await page
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'area.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await journey.check('add area');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Areas' }).waitFor();
    expect(pathOf(page)).toBe('/app/organizations');

    // In the list, found by search; its row opens the detail.
    await page.getByRole('searchbox', { name: 'Search Areas' }).fill(label);
    await organizations.getByText(organizationName).waitFor();
    await expect.poll(() => organizations.getByRole('row').count()).toBe(2);
    await organizations.getByText(organizationName).click();
    await page.getByRole('heading', { level: 1, name: organizationName }).waitFor();
    const organizationId = Number(pathOf(page).split('/').at(-1));
    expect(organizationId).toBeGreaterThan(0);
    await page.getByText('No users.').waitFor();
    await page.getByText('No locations.').waitFor();
    await expect
      .poll(() => page.getByRole('img', { name: `Logo of ${organizationName}` }).getAttribute('data-picture'))
      .toBe('loaded');
    await journey.check('area detail');

    // Add Users: the two Area Managers are offered, the Manager is not. (Nothing chosen is refused before
    // sending: web/src/components/users-table/users-table.test.tsx.)
    await page.getByRole('button', { name: 'Add Users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Users' });
    const offered = dialog.getByRole('list', { name: 'Users to add' });
    await offered.getByRole('checkbox', { name: firstName }).waitFor();
    await offered.getByRole('checkbox', { name: secondName }).waitFor();
    expect(await offered.getByRole('checkbox', { name: belowName }).count()).toBe(0);
    await offered.getByRole('checkbox', { name: firstName }).check();
    await offered.getByRole('checkbox', { name: secondName }).check();
    await journey.check('add users dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('link', { name: firstName }).waitFor();
    await users.getByRole('link', { name: secondName }).waitFor();
    await journey.check('area with members');

    // Remove one.
    await page.getByRole('button', { name: `Remove ${firstName}` }).click();
    await users.getByRole('link', { name: firstName }).waitFor({ state: 'detached' });
    await users.getByRole('link', { name: secondName }).waitFor();
    const members = await call(manager, 'GET', `/api/user/all/by-organization/${organizationId}`);
    expect((members.body as unknown as { id: number }[]).map(({ id }) => id)).toEqual([second.id]);

    // Rename.
    await page.getByRole('link', { name: 'Update' }).click();
    await page.getByRole('heading', { level: 1, name: 'Update Area' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(`${organizationName} West`);
    await journey.check('update area');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved!').waitFor();
    await page.getByRole('heading', { level: 1, name: `${organizationName} West` }).waitFor();
    expect(pathOf(page)).toBe(`/app/organizations/${organizationId}`);

    // The seeded area still has its location: the API's 409 is shown as it is.
    await page.goto(journey.url(`/app/organizations/update/${site.organizationId}`));
    await page.getByRole('button', { name: 'Delete Area' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Profile?' });
    await confirm.getByText('All data associated with this organization will be deleted forever!').waitFor();
    await journey.check('delete confirm');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Delete the locations of this area and remove its users first').waitFor();
    await journey.check('delete refused');
    expect((await call(manager, 'GET', `/api/organization/${site.organizationId}`)).status).toBe(200);

    // The new area, emptied, goes.
    await page.goto(journey.url(`/app/organizations/${organizationId}`));
    await page.getByRole('button', { name: `Remove ${secondName}` }).click();
    await page.getByText('No users.').waitFor();
    await page.getByRole('link', { name: 'Update' }).click();
    await page.getByRole('button', { name: 'Delete Area' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Profile?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.getByText('Deleted!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Areas' }).waitFor();
    expect(pathOf(page)).toBe('/app/organizations');
    expect((await call(manager, 'GET', `/api/organization/${organizationId}`)).status).toBe(404);
    await page.getByRole('searchbox', { name: 'Search Areas' }).fill(label);
    await page.getByText('No areas.').waitFor();
  });

  test('a Manager typing the Areas addresses gets the API’s refusal', async ({ journey }) => {
    const { page } = journey;
    const { url } = e2e();
    const site = await seedSite(url);
    const manager = await person(url, Role.Manager, {
      managementCompanyId: site.companyId,
      locations: [
        {
          locationId: site.locationId,
          organizationId: site.organizationId,
          managementCompanyId: site.companyId,
        },
      ],
    });

    // (No Areas entry in their sidebar, and /app/addOrganization refused to them before asking:
    // web/src/components/layouts/side-nav.test.tsx, web/src/features/organizations/organization-add-page.test.tsx.)
    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    await page.goto(journey.url('/app/organizations'));
    await page.getByText('You do not have permission to do this').waitFor();
    expect(await page.getByRole('table', { name: 'Areas' }).count()).toBe(0);
    await journey.check('areas refused');

    await page.goto(journey.url(`/app/organizations/${site.organizationId}`));
    await page.getByText('Error Loading Area').waitFor();
    await page.getByText('The area could not be loaded. Please try again later.').waitFor();
    await journey.check('area refused');
  });
});
