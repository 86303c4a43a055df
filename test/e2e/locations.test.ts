import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import type { Page } from 'playwright-core';
import { Role } from '@sitewalk/shared/roles';
import { callAs, person, PERSON_PASSWORD } from '../support/people.ts';
import { locationBody, seedSite } from '../support/site.ts';
import { e2e, expect, pathOf, signInThroughApi, test } from './support/journey.ts';

/** The map of the screen has fired its `load` (offline: the local host's own style, nothing else asked for). */
const mapLoaded = (page: Page) => page.locator('[data-map-loaded="true"]').first().waitFor();

/** 'Centre: 36.747700, -119.772400' → the two numbers. */
const centreOf = async (page: Page, testId: string) => {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  const [lat, lng, zoom] = [...text.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
  return { lat, lng, zoom };
};

/** The Locations screens (Location list, Add Location, Location detail, Update location). */
// Each journey draws the map (maplibre) on several screens: about a minute each beside the rest of the suite on
// 2 cores (55–61 s measured at load 7–8), so they get twice the tier's minute.
describe('locations', { timeout: 120_000 }, () => {
  test('an Area Manager adds a location by geocoding a real address; an unknown address is refused', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const site = await seedSite(url);
    const call = callAs(url);
    const areaManager = await person(url, Role.AreaManager, {
      managementCompanyId: site.companyId,
      organizations: [{ organizationId: site.organizationId, managementCompanyId: site.companyId }],
    });
    const seeded = String((await call(areaManager, 'GET', `/api/location/${site.locationId}`)).body.name);
    const organizationName = String(
      (await call(areaManager, 'GET', `/api/organization/${site.organizationId}`)).body.name,
    );
    const label = randomBytes(3).toString('hex');
    const name = `Journey Storage ${label}`;
    // Fresno City Hall; the offline geocoder knows its ZIP code's centre.
    const address = { address: '2600 Fresno St', city: 'Fresno', state: 'CA', zipcode: '93721' };
    const expected = (
      await call(
        areaManager,
        'GET',
        `/api/geo/geocode?address=${encodeURIComponent('2600 Fresno St, Fresno, CA 93721')}`,
      )
    ).body as unknown as { lat: number; lng: number; approximate: boolean };
    expect(expected.approximate).toBe(true);

    await signInThroughApi(journey, areaManager.email, PERSON_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    const list = page.getByRole('table', { name: 'Locations' });
    await list.getByText(seeded).waitFor();
    await journey.check('locations');

    // Add Location: the map opens over California. (An empty form, an empty search and a bad zipcode are
    // refused before sending: web/src/features/locations/add-location-page.test.tsx.)
    await page.getByRole('link', { name: 'Add Location' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add Location' }).waitFor();
    await mapLoaded(page);
    expect(await centreOf(page, 'map-centre')).toMatchObject({ lat: 36.7783, lng: -119.4179 });
    // The only area is chosen already.
    await expect.poll(() => page.getByRole('combobox', { name: /Area/ }).inputValue()).toBe(organizationName);
    await journey.check('add location');

    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Address' }).fill(address.address);
    await page.getByRole('textbox', { name: 'City' }).fill(address.city);
    await page.getByRole('textbox', { name: 'State' }).fill(address.state);
    await page.getByRole('textbox', { name: 'Zipcode' }).fill('00000');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Geocode was not successful for the following reason: ZERO_RESULTS').waitFor();
    await journey.check('geocode failed');

    await page.getByRole('textbox', { name: 'Zipcode' }).fill(address.zipcode);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/^Approximate position: the centre of .*93721/).waitFor();
    await expect
      .poll(async () => {
        const centre = await centreOf(page, 'map-centre');
        return [centre.lat?.toFixed(4), centre.lng?.toFixed(4)];
      })
      .toEqual([expected.lat.toFixed(4), expected.lng.toFixed(4)]);
    await journey.check('add location geocoded');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved!').waitFor();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const locationId = Number(pathOf(page).split('/').at(-1));
    expect(locationId).toBeGreaterThan(0);
    await expect.poll(() => new URL(page.url()).hash).toBe('#walk-reports');
    const saved = (await call(areaManager, 'GET', `/api/location/${locationId}`)).body;
    expect(saved).toMatchObject({ name, ...address, organizationId: site.organizationId, zoomLevel: 18 });
    expect(Number(saved.latitude)).toBeCloseTo(expected.lat, 5);
    expect(Number(saved.longitude)).toBeCloseTo(expected.lng, 5);

    // The detail: header and tabs.
    await page.getByText('Fresno, CA 93721').waitFor();
    await page.getByText(`Area: ${organizationName}`).waitFor();
    await page.getByText('No walk reports.').waitFor();
    await journey.check('new location');
  });

  test('an Area Manager finds a location in the list and opens its tabs by hash', async ({ journey }) => {
    const { page } = journey;
    const { url } = e2e();
    const site = await seedSite(url);
    const call = callAs(url);
    const areaManager = await person(url, Role.AreaManager, {
      managementCompanyId: site.companyId,
      organizations: [{ organizationId: site.organizationId, managementCompanyId: site.companyId }],
    });
    const name = String((await call(areaManager, 'GET', `/api/location/${site.locationId}`)).body.name);
    const employee = (await call(areaManager, 'GET', `/api/user/${site.employee.id}`)).body;
    const employeeName = `${String(employee.firstName)} ${String(employee.lastName)}`;

    await signInThroughApi(journey, areaManager.email, PERSON_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
    const list = page.getByRole('table', { name: 'Locations' });
    await page.getByRole('searchbox', { name: 'Search Locations' }).fill(name.split(' ')[1] ?? name);
    await list.getByText(name).waitFor();
    await expect.poll(() => list.getByRole('row').count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Search Locations' }).fill('no such place');
    await page.getByText('No locations.').waitFor();
    await page.getByRole('searchbox', { name: 'Search Locations' }).fill(name.split(' ')[1] ?? name);
    await list.getByText(name).click();

    // A bare URL is rewritten to the first tab; the seeded report is listed and opens the report.
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('tab', { name: 'Walk Reports', selected: true }).waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe('#walk-reports');
    const reports = page.getByRole('table', { name: 'Walk Reports' });
    await reports.getByText(employeeName).waitFor();
    await journey.check('location walk reports');

    await page.getByRole('tab', { name: 'Employees' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#employees');
    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: employeeName }).waitFor();
    await journey.check('location employees');

    await page.getByRole('tab', { name: 'Setup Walks' }).click();
    expect(await page.getByRole('link', { name: 'Setup Walks' }).getAttribute('href')).toBe(
      `/app/locations/${site.locationId}/create-walks`,
    );
    await page.getByRole('tab', { name: 'Update Location' }).click();
    await page.getByRole('link', { name: 'Update Location' }).waitFor();
    await journey.check('location update tab');

    // A hash names the tab, also on arrival.
    await page.goto(journey.url(`/app/locations/${site.locationId}#incidents`));
    await page.getByRole('tab', { name: 'Incidents', selected: true }).waitFor();
    await page.getByText('1 unresolved incident on the map').waitFor();

    await page.goto(journey.url(`/app/locations/${site.locationId}#walk-reports`));
    await reports.getByText(employeeName).click();
    await expect
      .poll(() => pathOf(page))
      .toBe(`/app/locations/${site.locationId}/walk-report/${site.walkReportId}`);
  });

  test('a location’s incidents: the map’s toggle filters them, one opens, is resolved, and Back returns to the location', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const site = await seedSite(url);
    const call = callAs(url);
    const manager = await person(url, Role.CompanyManager, { managementCompanyId: site.companyId });
    const locationName = String((await call(manager, 'GET', `/api/location/${site.locationId}`)).body.name);
    const older = await call(site.superUser, 'POST', '/api/incident', {
      locationId: site.locationId,
      typeId: 1,
      incidentTexts: ['Broken gate at the east entrance'],
    });
    expect(older.status).toBe(201);
    const resolved = await call(site.superUser, 'PUT', `/api/incident/${String(older.body.id)}/resolve`, {
      resolved: true,
      resolvedAt: new Date().toISOString(),
    });
    expect(resolved.status).toBe(200);

    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    await page.goto(journey.url(`/app/locations/${site.locationId}#incidents`));
    await page.getByRole('heading', { level: 1, name: locationName }).waitFor();
    const toggle = page.getByRole('switch', { name: 'Unresolved only' });
    expect(await toggle.isChecked()).toBe(true);
    await mapLoaded(page);
    await page.getByRole('img', { name: `1 unresolved incident at ${locationName}` }).waitFor();
    const table = page.getByRole('table', { name: 'Incidents' });
    await table.getByText('Seeded').waitFor();
    expect(await table.getByText('Broken gate at the east e...').count()).toBe(0);
    await journey.check('unresolved incidents');

    await toggle.click();
    await page.getByRole('img', { name: `2 incidents at ${locationName}` }).waitFor();
    await table.getByText('Broken gate at the east e...').waitFor();
    await table.getByText('Seeded').waitFor();
    await journey.check('all incidents');

    // Open the unresolved one, note and resolve it, and come back by the origin.
    await table.getByText('Seeded').click();
    await page.getByRole('heading', { level: 1, name: `Incident ${site.incidentId}` }).waitFor();
    await page.getByLabel('Add a note').fill('Checked on the walk');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await page.getByRole('list', { name: 'Notes' }).getByText('Checked on the walk').waitFor();
    // The switch shows the new state once the mutation is under way (TanStack Query tells React a tick
    // later): click, then wait for it, rather than Playwright's check(), which wants it at once.
    const resolvedSwitch = page.getByRole('switch', { name: 'Resolved' });
    await resolvedSwitch.click();
    await expect.poll(() => resolvedSwitch.isChecked()).toBe(true);
    await expect.poll(() => page.getByText('Not resolved').count()).toBe(0);
    await journey.check('incident from location');
    await page.getByRole('link', { name: 'Back to Location' }).click();
    await page.getByRole('heading', { level: 1, name: locationName }).waitFor();
    expect(pathOf(page)).toBe(`/app/locations/${site.locationId}`);
    expect(new URL(page.url()).hash).toBe('#incidents');
    await page.getByRole('tab', { name: 'Incidents', selected: true }).waitFor();
    await page.getByText('0 unresolved incidents on the map').waitFor();
    expect(await page.getByRole('img', { name: /incidents? at / }).count()).toBe(0);

    // Every incident the manager may see, and back again by the origin.
    await page.goto(journey.url('/app/incidents'));
    await page.getByRole('heading', { level: 1, name: 'Incidents' }).waitFor();
    await page.getByRole('switch', { name: 'Unresolved only' }).click();
    const all = page.getByRole('table', { name: 'Incidents' });
    await all.getByText('Broken gate at the east e...').waitFor();
    await page.getByRole('searchbox', { name: 'Search Incidents' }).fill('gate');
    await expect.poll(() => all.getByRole('row').count()).toBe(2);
    await journey.check('incidents list');
    await all.getByRole('button', { name: `Details of incident ${String(older.body.id)}` }).click();
    const modal = page.getByRole('dialog', { name: `Incident ${String(older.body.id)}` });
    await modal.getByText('Broken gate at the east entrance').waitFor();
    await journey.check('incident detail modal');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
    await all.getByText('Broken gate at the east e...').click();
    await page.getByRole('heading', { level: 1, name: `Incident ${String(older.body.id)}` }).waitFor();
    await page.getByRole('link', { name: 'Back to Incidents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Incidents' }).waitFor();
    expect(pathOf(page)).toBe('/app/incidents');
  });

  test('a Company Manager saves a location’s zoom and centre, renames it and deletes it', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const site = await seedSite(url);
    const call = callAs(url);
    const company = { managementCompanyId: site.companyId };
    const manager = await person(url, Role.CompanyManager, company);
    const label = randomBytes(3).toString('hex');
    const made = await call(
      manager,
      'POST',
      '/api/location',
      locationBody(`Doomed ${label}`, site.organizationId),
    );
    const locationId = Number(made.body.id);

    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    await page.goto(journey.url(`/app/locations/${locationId}#update-location`));
    await page.getByRole('link', { name: 'Update Location' }).click();
    await page.getByRole('heading', { level: 1, name: 'Update Location' }).waitFor();
    await mapLoaded(page);
    expect(await centreOf(page, 'map-view')).toEqual({ lat: 36.8, lng: -119.7, zoom: 18 });

    // Drag the map, then zoom in one step by double-clicking its centre: the centre marker now sits elsewhere.
    const map = page.getByRole('region', { name: /the location is the point under the centre marker/ });
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('The map has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 120, y + 60, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await centreOf(page, 'map-view')).lat).toBeGreaterThan(36.8);
    await page.mouse.dblclick(x, y);
    await expect.poll(async () => (await centreOf(page, 'map-view')).zoom).toBe(19);
    const view = await centreOf(page, 'map-view');
    expect(view.lng).toBeGreaterThan(-119.7);
    expect(view.lat).toBeGreaterThan(36.8);
    await journey.check('update location moved');
    await page.getByRole('button', { name: 'Save Zoom & Center' }).click();
    await page.getByText('Saved!').waitFor();
    const stored = (await call(manager, 'GET', `/api/location/${locationId}`)).body;
    expect(Number(stored.zoomLevel)).toBeCloseTo(19, 1);
    expect(Number(stored.latitude)).toBeCloseTo(view.lat ?? 0, 5);
    expect(Number(stored.longitude)).toBeCloseTo(view.lng ?? 0, 5);
    // The page opens where it was saved.
    await page.reload();
    await mapLoaded(page);
    expect((await centreOf(page, 'map-view')).zoom).toBeCloseTo(19, 1);

    // A new name is saved and the detail shows it. (An emptied name is refused before sending:
    // web/src/features/locations/update-location-page.test.tsx.)
    await page.getByRole('textbox', { name: 'Name' }).fill(`Renamed ${label}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Renamed ${label}` }).waitFor();
    expect(pathOf(page)).toBe(`/app/locations/${locationId}`);

    // Delete: confirmed, not before.
    await page.goto(journey.url(`/app/locations/update/${locationId}`));
    await page.getByRole('button', { name: 'Delete Location' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Location?' });
    await confirm.getByText('Are you sure you want to delete this location?').waitFor();
    await journey.check('delete location confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await call(manager, 'GET', `/api/location/${locationId}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete Location' }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Deleted!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    expect(pathOf(page)).toBe('/app/locations');
    expect((await call(manager, 'GET', `/api/location/${locationId}`)).status).toBe(404);
    await page.getByRole('searchbox', { name: 'Search Locations' }).fill(label);
    await page.getByText('No locations.').waitFor();
  });
});
