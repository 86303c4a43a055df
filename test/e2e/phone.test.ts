import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { callAs, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { allowStorage } from './support/storage.ts';
import {
  e2e,
  expect,
  pathOf,
  SCREENSHOTS,
  screenshotsAsked,
  settle,
  signInThroughApi,
  test,
  type Journey,
} from './support/journey.ts';

/**
 * The app on a phone (issue 28): the bottom bar with labels, the recording roles' home with today's walk
 * windows and Start, the recorder's action bar at 320 px, and tables as cards. The journey's own check
 * looks at 375 px (and photographs 375, 768 and 1440 px when asked); `phoneCheck` adds no sideways scroll at
 * 320 px (the narrowest phone), photographed there too when asked.
 */
const PHONE = { width: 375, height: 740 };

// The browser's globals, as far as the functions run in the page use them (the test project has no DOM
// library: its fetch types would clash with Node's).
interface PageNode {
  nodeType: number;
  textContent: string | null;
}
interface PageElement extends PageNode {
  childNodes: Iterable<PageNode>;
  scrollWidth: number;
  clientWidth: number;
}
declare const document: {
  documentElement: { scrollWidth: number };
  createRange: () => {
    selectNodeContents: (node: PageNode) => void;
    getClientRects: () => Iterable<{ top: number; width: number }>;
  };
};
declare const window: { innerWidth: number };
declare const Node: { TEXT_NODE: number };

const phoneCheck = async (journey: Journey, folder: string, name: string) => {
  await journey.check(name);
  const { page } = journey;
  await page.setViewportSize({ width: 320, height: PHONE.height });
  await settle(page);
  if (screenshotsAsked) {
    const dir = join(SCREENSHOTS, 'phone', '320', folder);
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name.replace(/\W+/g, '-')}-320.png`), fullPage: true });
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${name}: horizontal scroll at 320 px`,
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize(PHONE);
  await settle(page);
};

/** The action bar's buttons, the photo button's label, and 'Report incident' and 'Finish walk' below them. */
const actionLabels =
  '[aria-label^="Actions at "] .MuiButton-root, [aria-label^="Actions at "] label, main .MuiButton-root:is(:has-text("Report incident"), :has-text("Finish walk"))';

/** Each element's label is on one line and inside its button (nothing wrapped, nothing cut). */
const labelsOnOneLine = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements: unknown[]) =>
    (elements as PageElement[]).map((element) => {
      const text = [...element.childNodes].find(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      const range = document.createRange();
      if (text) range.selectNodeContents(text);
      const lines = new Set(
        [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
      ).size;
      return {
        label: element.textContent,
        lines,
        fits: element.scrollWidth <= element.clientWidth + 1,
      };
    }),
  );

describe('on a phone', () => {
  // The 320 px screenshots of an earlier run go, as the journey's own do.
  rmSync(join(SCREENSHOTS, 'phone', '320'), { recursive: true, force: true });

  test('an Employee goes around with the bottom bar and starts today’s walk from the home', async ({
    journey,
  }) => {
    const { page, context } = journey;
    const { url } = e2e();
    const call = callAs(url);
    const site = await seedSite(url);
    const created = await call(site.superUser, 'POST', '/api/walk', {
      name: 'Night round',
      locationId: site.locationId,
      markers: [
        { label: 1, lat: 36.8001, lng: -119.7003 },
        {
          label: 2,
          lat: 36.8004,
          lng: -119.6998,
          isDoor: true,
          unitNumberRange: '101-105',
          hasUnitRange: true,
        },
        { label: 3, lat: 36.8008, lng: -119.6994 },
      ],
    });
    expect(created.status).toBe(201);
    const walkId = (created.body as unknown as { id: number }).id;
    const schedule = await call(site.superUser, 'PUT', `/api/schedule/${site.locationId}`, {
      timeZone: 'UTC',
      windows: [
        { label: 'All day', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59', walkIds: [walkId] },
      ],
    });
    expect(schedule.status).toBe(200);
    await allowStorage(journey);
    await context.grantPermissions(['geolocation'], { origin: url });
    await context.setGeolocation({ latitude: 36.7992, longitude: -119.7003, accuracy: 10 });
    await page.setViewportSize(PHONE);

    await signInThroughApi(journey, site.employee.email, PERSON_PASSWORD);
    expect(pathOf(page)).toBe('/app');
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    const windowItem = page.getByRole('listitem', { name: /^All day, / });
    const start = windowItem.getByRole('button', { name: 'Start Night round (All day)' });
    await start.waitFor();
    await phoneCheck(journey, 'employee', 'home');

    // The bottom bar: Record a Walk first, labelled, at most five buttons; the rest under More.
    const bar = page.getByRole('navigation', { name: 'Main' });
    expect(
      await bar
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label'))),
    ).toEqual(['Record a Walk', 'Home', 'Dashboard', 'Tasks']);
    await bar.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(pathOf(page)).toBe('/app/dashboard');
    await bar.getByRole('button', { name: 'More' }).click();
    const more = page.getByRole('menu', { name: 'More sections' });
    expect(await more.getByRole('menuitem').allTextContents()).toEqual(['Locations', 'Alerts']);
    await more.getByRole('menuitem', { name: 'Locations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    await phoneCheck(journey, 'employee', 'locations from More');
    await bar.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();

    // Start opens the recorder on that walk.
    await start.click();
    await page.getByRole('heading', { level: 1, name: 'Night round' }).waitFor();
    await page.getByText('GPS ±10 m').waitFor();
    await page.locator('[data-map-loaded="true"]').waitFor();
    await phoneCheck(journey, 'employee', 'recorder');

    // The action bar at 320 px: every label on one line, inside its button, above the bottom bar.
    await page.setViewportSize({ width: 320, height: 640 });
    const actions = page.getByRole('region', { name: /^Actions at / });
    await actions.waitFor();
    const measured = await labelsOnOneLine(page, actionLabels);
    expect(measured.map(({ label }) => label)).toEqual(
      expect.arrayContaining(['Mark reached', 'Add note', 'Add photo', 'Report incident', 'Finish walk']),
    );
    expect(measured.filter(({ lines, fits }) => lines !== 1 || !fits)).toEqual([]);
    const actionsBox = await actions.boundingBox();
    const barBox = await bar.boundingBox();
    expect(actionsBox && barBox && actionsBox.y + actionsBox.height <= barBox.y + 1).toBe(true);
    // And beside the map on wide screens (a column as narrow as a phone at 1024 px).
    for (const width of [768, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const wide = await labelsOnOneLine(page, actionLabels);
      expect(
        wide.filter(({ lines, fits }) => lines !== 1 || !fits),
        `at ${width} px`,
      ).toEqual([]);
    }
    await page.setViewportSize(PHONE);

    // The photo sheet: the door check of marker 2, marked by hand.
    await page
      .getByRole('region', { name: 'Markers' })
      .getByRole('button', { name: /^Marker 2\b/ })
      .click();
    await actions.getByRole('button', { name: 'Mark reached' }).click();
    const door = page.getByRole('dialog', { name: 'Door check' });
    await door.waitFor();
    await phoneCheck(journey, 'employee', 'recorder door photo sheet');
    await door.getByRole('button', { name: 'Cancel' }).click();
    await door.waitFor({ state: 'hidden' });

    // A reload does not start the walk again: the one in progress opens.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Night round' }).waitFor();

    // The location's walk reports as cards, flags beside the walk's name.
    await page.goto(journey.url(`/app/locations/${site.locationId}#walk-reports`));
    const reports = page.getByRole('list', { name: 'Walk Reports' });
    await reports.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('table', { name: 'Walk Reports' }).count()).toBe(0);
    await phoneCheck(journey, 'employee', 'walk reports as cards');
    await reports.getByRole('listitem').first().click();
    await page.waitForURL(/\/walk-report\/\d+$/);
  });

  test('the Super User’s users and incidents are cards with the same actions', async ({ journey }) => {
    const { page } = journey;
    const { url } = e2e();
    const site = await seedSite(url);
    await page.setViewportSize(PHONE);
    await signInThroughApi(journey, site.superUser.email, PERSON_PASSWORD);
    const bar = page.getByRole('navigation', { name: 'Main' });
    expect(
      await bar
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label'))),
    ).toEqual(['Dashboard', 'Tasks', 'Locations', 'Alerts']);
    await bar.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menu', { name: 'More sections' }).getByRole('menuitem', { name: 'Users' }).click();
    const users = page.getByRole('list', { name: 'Users' });
    await users.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('table', { name: 'Users' }).count()).toBe(0);
    await phoneCheck(journey, 'super-user', 'users as cards');

    await page.goto(journey.url('/app/incidents'));
    const incidents = page.getByRole('list', { name: 'Incidents' });
    const seeded = incidents
      .getByRole('listitem')
      .filter({ hasText: `Seeded incident ${site.label}`.slice(0, 25) });
    await seeded.waitFor();
    // Priority and status beside the incident, and its Details action.
    await seeded.getByText('Unresolved').waitFor();
    await phoneCheck(journey, 'super-user', 'incidents as cards');
    await seeded.getByRole('button', { name: `Details of incident ${site.incidentId}` }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await seeded.click();
    await page.getByRole('heading', { level: 1, name: `Incident ${site.incidentId}` }).waitFor();
  });
});
