import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { Role } from '@sitewalk/shared/roles';
import { callAs, person, PERSON_PASSWORD, type Person } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';
import { e2e, expect, pathOf, signInThroughApi, test, type Journey } from './support/journey.ts';
import { allowStorage, logoPng } from './support/storage.ts';

/** Gives a person a profile picture the way the SPA does: a presigned PUT from the API, then the file. */
const giveProfilePicture = async (who: Person, picture: Buffer) => {
  const { url } = e2e();
  const ticket = await callAs(url)(
    who,
    'GET',
    `/api/user/update/profile-image/${who.id}/face?contentType=image/png&contentLength=${picture.length}`,
  );
  expect(ticket.status).toBe(200);
  // With exactly the ticket's headers (signed, If-None-Match among them), as the SPA sends them.
  const put = await fetch(String(ticket.body.uploadUrl), {
    method: 'PUT',
    headers: ticket.body.headers as Record<string, string>,
    body: picture,
  });
  expect(put.status).toBe(200);
};

/** Searches the list for a name. */
const search = async (journey: Journey, text: string) => {
  const box = journey.page.getByRole('searchbox', { name: 'Search Management companies' });
  await box.fill(text);
};

/**
 * The Super User's journey is three tests, each within the journeys' timeout on a loaded machine: most of
 * a journey's time is its `check`s (three full-page screenshots and axe each, 3-6 s under load), and one
 * test of all seven once ran past 60 s.
 */
describe('management companies', () => {
  test('a Super User finds them in the menu, under their own picture in the top bar, and opens the add form', async ({
    journey,
  }) => {
    const { page } = journey;
    const superUser = await person(e2e().url, Role.SuperUser);
    await allowStorage(journey);
    await giveProfilePicture(superUser, logoPng());

    await signInThroughApi(journey, superUser.email, PERSON_PASSWORD);
    // The top bar shows the signed-in user's picture.
    await expect
      .poll(() => page.getByRole('banner').locator('[data-picture]').getAttribute('data-picture'))
      .toBe('loaded');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Management Companies' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Management Companies' }).waitFor();
    await page.getByRole('table', { name: 'Management companies' }).waitFor();
    await journey.check('list');

    await page.getByRole('link', { name: 'Add' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add Management Company' }).waitFor();
    expect(pathOf(page)).toBe('/app/management-companies/add');
    await page.getByRole('textbox', { name: 'Company Name' }).waitFor();
    // (What the form refuses before sending — empty fields, a logo that is no PNG or JPEG or over 1 MB — is
    // web/src/features/management-companies/management-company-page.test.tsx's.)
    await journey.check('add form');
  });

  test('a Super User creates a company with a logo, edits it and deletes it', async ({ journey }) => {
    const { page } = journey;
    const superUser = await person(e2e().url, Role.SuperUser);
    await allowStorage(journey);
    const label = randomBytes(3).toString('hex');
    const name = `Harbor Storage ${label}`;

    await signInThroughApi(journey, superUser.email, PERSON_PASSWORD);
    await page.goto(journey.url('/app/management-companies/add'));
    await page.getByRole('heading', { level: 1, name: 'Add Management Company' }).waitFor();
    await page.getByRole('textbox', { name: 'Company Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Email address' }).fill(`office-${label}@harbor.example`);
    const phone = page.getByRole('textbox', { name: 'Phone Number' });
    await phone.pressSequentially('+1 (559) 201-3344');
    expect(await phone.inputValue()).toBe('559-201-3344');
    await page.getByRole('textbox', { name: 'Website' }).fill('https://harbor.example');
    await page
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'harbor.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await journey.check('add form filled');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Management Companies' }).waitFor();
    expect(pathOf(page)).toBe('/app/management-companies');

    // The new company is listed with its logo, fetched back from the storage.
    await search(journey, label);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await expect
      .poll(() => row.getByRole('img', { name: `Logo of ${name}` }).getAttribute('data-picture'))
      .toBe('loaded');
    expect(await row.textContent()).toContain(`office-${label}@harbor.example`);
    await journey.check('list with the new company');

    // Edit: the row opens the form with the company in it.
    await row.click();
    await page.getByRole('heading', { level: 1, name: 'Edit Management Company' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Company Name' }).inputValue()).toBe(name);
    await expect
      .poll(() => page.getByRole('img', { name: 'Current logo' }).getAttribute('data-picture'))
      .toBe('loaded');
    await journey.check('edit form');
    await phone.fill('');
    await phone.pressSequentially('5592019999');
    expect(await phone.inputValue()).toBe('559-201-9999');
    await page.getByRole('textbox', { name: 'Website' }).fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Management Companies' }).waitFor();
    await search(journey, label);
    await page.getByRole('row', { name: new RegExp(`${name}.*559-201-9999`) }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(name) }).textContent()).not.toContain(
      'harbor.example/',
    );

    // The new company is empty: it goes, and the list no longer has it.
    await page.getByRole('row', { name: new RegExp(name) }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Management Company' }).waitFor();
    await page.getByRole('button', { name: 'Delete Company' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.getByText('Deleted!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Management Companies' }).waitFor();
    await search(journey, label);
    await page.getByText('No management companies match.').waitFor();
  });

  test('a Super User is told what to delete first when a company still has an area', async ({ journey }) => {
    const { page } = journey;
    const tenant = await seedTenant(e2e().url);

    await signInThroughApi(journey, tenant.creator.email, PERSON_PASSWORD);
    await page.goto(journey.url(`/app/management-companies/${tenant.companyId}`));
    await page.getByRole('heading', { level: 1, name: 'Edit Management Company' }).waitFor();
    await page.getByRole('button', { name: 'Delete Company' }).click();
    const dialog = page.getByRole('dialog', { name: /^Delete Company .+\?$/ });
    await dialog.getByText(messages.confirm.deleteCompany).waitFor();
    await journey.check('delete dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const refusal = page.getByRole('alert');
    await refusal.getByText('Delete the areas and users of this management company first.').waitFor();
    expect(await refusal.textContent()).toMatch(/Company .+ was not deleted/);
    await journey.check('delete refused');
    await page.goto(journey.url('/app/management-companies'));
    await page.getByRole('table', { name: 'Management companies' }).waitFor();
  });

  test('a Company Manager typing their address gets the API’s refusal', async ({ journey }) => {
    const { page } = journey;
    const { url } = e2e();
    const tenant = await seedTenant(url);
    const manager = await tenant.person(Role.CompanyManager);

    // (No entry for them in the sidebar, and their own company's form and the add form not offered to them:
    // web/src/components/layouts/side-nav.test.tsx and
    // web/src/features/management-companies/management-company-page.test.tsx.)
    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    await page.goto(journey.url('/app/management-companies'));
    await page.getByRole('heading', { level: 1, name: 'Management Companies' }).waitFor();
    await page.getByText(messages.permission.forbidden).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await journey.check('list refused');
  });
});
