import { describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { apiAs } from '../support/api.ts';
import { PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { e2e, expect, pathOf, signInThroughApi, test } from './support/journey.ts';

/**
 * Issue 18, the audit log end to end: a Company Manager opens Activity from the sidebar, reads who changed
 * what, unfolds a change's fields before and after, and narrows the log by kind.
 */
describe('the Activity screen', () => {
  test('a Company Manager reads the company’s changes, their fields before and after, and filters them', async ({
    journey,
  }) => {
    // Prepare: a site, its area renamed and one of its incidents resolved by its Manager.
    const { page } = journey;
    const { url } = e2e();
    const api = apiAs(url);
    const site = await seedSite(url, { label: 'Logged' });
    const companyManager = await site.person(Role.CompanyManager);
    const manager = await site.person(Role.Manager);
    await api(site.superUser, 'organization.update', {
      body: { id: site.organizationId, name: 'Area Logged North' },
    });
    await api(manager, 'incident.resolve', { params: { id: site.incidentId }, body: { resolved: true } });

    // Act
    await signInThroughApi(journey, companyManager.email, PERSON_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    expect(pathOf(page)).toBe('/app/activity');
    const rows = page.getByRole('table', { name: 'Activity' }).getByRole('row');
    await rows.filter({ hasText: 'Resolved' }).first().waitFor();
    await journey.check('activity');

    // Assess: newest first; the rename's fields before and after.
    expect(await rows.nth(1).textContent()).toContain('Resolved');
    await page.getByRole('button', { name: /Show changes of Area Logged North/ }).click();
    const diff = page.getByRole('table', { name: /Changes of entry/ });
    expect(await diff.getByRole('row', { name: /Name/ }).textContent()).toBe(
      'NameArea LoggedArea Logged North',
    );
    await journey.check('activity with a change unfolded');

    // Act: only incidents.
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Incident' }).click();

    // Assess
    await page.getByRole('button', { name: 'Clear filters' }).waitFor();
    await rows.filter({ hasText: 'Area Logged North' }).first().waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'Resolved' }).first().waitFor();
    expect(await rows.count()).toBe(3); // the header, the entry and its folded changes
    expect(await rows.nth(1).textContent()).toContain('Resolved');
  });
});
