import { describe } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { Role } from '@sitewalk/shared/roles';
import { callAs, person, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { e2e, expect, signInThroughApi, test } from './support/journey.ts';

interface ApiMarker {
  id: number;
  label: number;
  lat: number;
  lng: number;
  unitNumberRange: string;
  hasUnitRange: boolean;
}
interface ApiWalk {
  id: number;
  name: string;
  description: string;
  markers: ApiMarker[];
}

const centreOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** The map has drawn: its canvas is there and maplibre marks the map loaded. */
const mapReady = async (page: Page) => {
  await page.locator('[data-map-loaded="true"]').waitFor();
  return page.locator('canvas.maplibregl-canvas');
};

/** Setup Walks: a walk made on the map, saved, reloaded, edited and deleted. */
describe('walk setup', () => {
  test('five markers by double-click, reordered, a unit range, saved, reloaded, edited, deleted', async ({
    journey,
  }) => {
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
    const call = callAs(url);
    const walksOfLocation = async () =>
      (await call(manager, 'GET', `/api/walk/all/${site.locationId}`)).body as unknown as ApiWalk[];

    await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
    await page.goto(journey.url(`/app/locations/${site.locationId}/create-walks`));
    const intro = page.getByRole('dialog', { name: 'Set up a walk' });
    await intro.getByText('Double-click the locations on the map that you will need to walk').waitFor();
    await journey.check('walk setup intro');
    await intro.getByRole('button', { name: 'Got it' }).click();
    await intro.waitFor({ state: 'hidden' });

    // (Save Walk and the range button refused before there is a marker, a name missing or too long refused in the
    // save dialog, and stray characters stripped from a unit range: web/src/features/walk-setup/walk-setup-page.test.tsx.)
    const saveWalk = page.getByRole('button', { name: 'Save Walk' });
    // The seeded walk is listed.
    const select = page.getByRole('combobox', { name: 'Walk' });
    await select.click();
    await page.getByRole('option', { name: /^Walk / }).waitFor();
    await page.keyboard.press('Escape');
    // The menu's invisible backdrop takes clicks until it has gone.
    await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });

    // Five points by double-click; the map does not zoom, so the first pin stays where it was put.
    const canvas = await mapReady(page);
    // Locally there is no imagery: the style switch keeps the map and says why (in AWS: Amazon Location's).
    const styles = page.getByRole('group', { name: 'Map style' });
    expect(await styles.getByRole('button', { name: 'Map' }).getAttribute('aria-pressed')).toBe('true');
    for (const name of ['Satellite', 'Hybrid'])
      expect(await styles.getByRole('button', { name }).isDisabled(), name).toBe(true);
    await page.getByText('Satellite and Hybrid imagery need the AWS deployment (Amazon Location)').waitFor();
    const box = (await canvas.boundingBox())!;
    const spots = [
      [0.3, 0.7],
      [0.4, 0.4],
      [0.55, 0.3],
      [0.7, 0.5],
      [0.6, 0.75],
    ].map(([fx, fy]) => ({ x: box.x + box.width * fx!, y: box.y + box.height * fy! }));
    for (const spot of spots) await page.mouse.dblclick(spot.x, spot.y);
    const rows = page.getByRole('list', { name: 'Markers' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(5);
    const pin = (label: number) => page.getByRole('img', { name: `Point ${label}` });
    for (const [index, spot] of spots.entries()) {
      const at = await centreOf(pin(index + 1));
      // The pin's tip is on the point; its centre sits a little above it.
      expect(Math.abs(at.x - spot.x)).toBeLessThan(12);
      expect(spot.y - at.y).toBeGreaterThan(0);
      expect(spot.y - at.y).toBeLessThan(45);
    }
    expect(await saveWalk.isDisabled()).toBe(false);
    await journey.check('walk setup five markers');

    // Undo takes point 5 away, Redo brings it back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => rows.count()).toBe(5);

    // A unit range on point 5.
    await page.getByRole('button', { name: 'Edit unit range Point 5' }).click();
    const rangeDialog = page.getByRole('dialog', { name: 'Edit Unit Number Range for Point 5' });
    await rangeDialog.getByRole('textbox', { name: 'Unit Number Range' }).fill('100-120, 130');
    await journey.check('walk setup unit range');
    await rangeDialog.getByRole('button', { name: 'Save' }).click();
    await rangeDialog.waitFor({ state: 'hidden' });
    await rows.nth(4).getByText('Units 100-120, 130').waitFor();

    // Point 5 dragged to the top with the keyboard (25 px a key press); labels follow, 1..5.
    await page.getByRole('button', { name: 'Drag Point 5' }).focus();
    await page.keyboard.press('Space');
    // The arrows count only once the drag has started (dnd-kit listens for them from then on; on a busy
    // machine that is a render later): it marks its handle pressed.
    await page.getByRole('button', { name: 'Drag Point 5', pressed: true }).waitFor();
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await rows.nth(0).getByText('Units 100-120, 130').waitFor();
    expect(await rows.nth(0).textContent()).toContain('Point 1');
    // And with the mouse: the ranged point down one place, then back to the top.
    const dragRow = async (label: number, dy: number) => {
      const handle = await centreOf(page.getByRole('button', { name: `Drag Point ${label}` }));
      await page.mouse.move(handle.x, handle.y);
      await page.mouse.down();
      await page.mouse.move(handle.x, handle.y + dy / 2, { steps: 5 });
      await page.mouse.move(handle.x, handle.y + dy, { steps: 5 });
      await page.mouse.up();
    };
    const rowHeight = (await rows.nth(1).boundingBox())!.height;
    await dragRow(1, rowHeight * 1.2);
    await rows.nth(1).getByText('Units 100-120, 130').waitFor();
    expect(await rows.nth(1).textContent()).toContain('Point 2');
    await dragRow(2, -rowHeight * 1.2);
    await rows.nth(0).getByText('Units 100-120, 130').waitFor();
    // The map's point 1 is now the last place double-clicked.
    const first = await centreOf(pin(1));
    expect(Math.abs(first.x - spots[4]!.x)).toBeLessThan(12);

    // Saving asks for a name, then saves; 2 s later the list reloads and the editor is empty.
    await saveWalk.click();
    const nameDialog = page.getByRole('dialog', { name: 'Save Walk' });
    await nameDialog.getByRole('textbox', { name: 'Name' }).fill('Evening round');
    await nameDialog.getByRole('textbox', { name: 'Description' }).fill('Gates, then the back row');
    await journey.check('walk setup name');
    await nameDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved!').waitFor();
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(0);

    const saved = (await walksOfLocation()).find((walk) => walk.name === 'Evening round');
    expect(saved?.description).toBe('Gates, then the back row');
    expect(saved?.markers.map((marker) => marker.label)).toEqual([1, 2, 3, 4, 5]);
    expect(saved?.markers[0]).toMatchObject({ unitNumberRange: '100-120, 130', hasUnitRange: true });

    // After a reload the walk is there to edit: point 3 removed, point 1 dragged on the map.
    await page.reload();
    await page.getByRole('dialog', { name: 'Set up a walk' }).getByRole('button', { name: 'Got it' }).click();
    await mapReady(page);
    await select.click();
    await page.getByRole('option', { name: 'Evening round' }).click();
    await expect.poll(() => rows.count()).toBe(5);
    await page.getByText('Gates, then the back row').waitFor();
    await rows.nth(0).getByText('Units 100-120, 130').waitFor();
    await journey.check('walk setup loaded walk');
    await page.getByRole('button', { name: 'Remove Point 3' }).click();
    await expect.poll(() => rows.count()).toBe(4);
    const from = await centreOf(pin(1));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y - 20, { steps: 6 });
    await page.mouse.move(from.x + 60, from.y - 40, { steps: 6 });
    await page.mouse.up();
    await page.getByText('Unsaved changes').waitFor();
    await saveWalk.click();
    expect(await nameDialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Evening round');
    await nameDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved!').waitFor();

    const edited = (await walksOfLocation()).find((walk) => walk.id === saved!.id);
    expect(edited?.markers).toHaveLength(4);
    // The markers left keep their ids (PUT /api/walk), in the new order.
    expect(edited!.markers.map((marker) => marker.id)).toEqual(
      [0, 1, 3, 4].map((index) => saved!.markers[index]!.id),
    );
    expect(edited!.markers[0]!.lng).toBeGreaterThan(saved!.markers[0]!.lng);
    expect(edited!.markers[0]!.lat).toBeGreaterThan(saved!.markers[0]!.lat);

    // Delete, after the confirm names the walk.
    await expect.poll(() => page.getByText('Saved!').count(), { timeout: 5000 }).toBe(0);
    await page.getByRole('button', { name: 'Delete Walk' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Walk?' });
    await confirm.getByText('This will permanently delete "Evening round"').waitFor();
    await journey.check('walk setup delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    // While the dialog is open the page behind it is hidden from the accessibility tree (no rows either):
    // the delete has been answered once the dialog is gone.
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(0);
    expect((await walksOfLocation()).some((walk) => walk.id === saved!.id)).toBe(false);
    await select.click();
    await page.getByRole('option', { name: /^Walk / }).waitFor();
    expect(await page.getByRole('option', { name: 'Evening round' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});
