import { describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { person, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { e2e, expect, pathOf, signInThroughApi, test } from './support/journey.ts';

/** An incident from the dashboard (field-operations, "Incident detail"). */
describe('an incident', () => {
  test('opens from its dashboard row; a note is added, it is resolved, and Back returns', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const site = await seedSite(url);
    const manager = await person(url, Role.CompanyManager, { managementCompanyId: site.companyId });

    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    const card = page.getByRole('region', { name: /^Location / });
    await card.getByRole('button', { name: /Seeded/ }).click();
    await page.getByRole('heading', { level: 1, name: `Incident ${site.incidentId}` }).waitFor();
    expect(pathOf(page)).toBe(`/app/incidents/${site.incidentId}`);
    await page.getByText('Important', { exact: true }).waitFor();
    await page.getByText('Unresolved', { exact: true }).waitFor();
    await journey.check('incident');

    // A written note shows first, with its author. (A blank one is not sent:
    // web/src/features/incidents/incident-page.test.tsx.)
    const addNote = page.getByRole('button', { name: 'Add Note' });
    await page.getByLabel('Add a note').fill('Gate 3 lock replaced');
    await addNote.click();
    const notes = page.getByRole('list', { name: 'Notes' });
    await notes.getByText('Gate 3 lock replaced').waitFor();
    await notes
      .getByText(/^Role30 /)
      .first()
      .waitFor();

    // The switch shows the new state once the mutation is under way (TanStack Query tells React a tick
    // later): click, then wait for it, rather than Playwright's check(), which wants it at once.
    const resolvedSwitch = page.getByRole('switch', { name: 'Resolved' });
    await resolvedSwitch.click();
    await expect.poll(() => resolvedSwitch.isChecked()).toBe(true);
    await page.getByText('Resolved', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByText('Not resolved').count()).toBe(0);
    await journey.check('resolved incident');

    await page.getByRole('link', { name: 'Back to Incidents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(pathOf(page)).toBe('/app');
    await card.getByRole('button', { name: /Seeded.*Resolved/ }).waitFor();
  });
});
