import { describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { PERSON_PASSWORD } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';
import { mailsTo } from '../support/host.ts';
import { daytimeZone, localTime } from '../support/windows.ts';
import { e2e, expect, pathOf, signInThroughApi, test } from './support/journey.ts';

/**
 * Issue 17, end to end: a Manager sets a location's walk window; the window passes with no walk (the local
 * host's clock moved through its test-only control); the bell rings, the alert becomes a task, and the
 * Employee it is assigned to closes it.
 */
describe('a missed walk becomes a task', () => {
  test('the schedule is set, the window passes unwalked, the alert is turned into a task that its assignee closes', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url, ses } = e2e();
    const tenant = await seedTenant(url, { label: 'Watched' });
    const manager = await tenant.person(Role.Manager);
    const employee = await tenant.person(Role.Employee);
    const zone = daytimeZone();
    // Read once: the window's times are typed and later read back from the mail, and a minute may turn between.
    const opens = localTime(zone, -30);
    const closes = localTime(zone, 45);
    const clock = (method: string, body?: unknown) =>
      fetch(`${url}/__local/clock`, {
        method,
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });

    try {
      // The Manager sets one window: it opened half an hour ago and closes in 45 minutes.
      await signInThroughApi(journey, manager.email, PERSON_PASSWORD);
      await page.goto(journey.url(`/app/locations/${tenant.locationId}#schedule`));
      const zoneBox = page.getByRole('combobox', { name: 'Time zone' });
      // Opened first: when the zone is already the location's, filling in the same text opens no list.
      await zoneBox.click();
      await zoneBox.fill(zone);
      await page.getByRole('option', { name: zone, exact: true }).click();
      await page.getByRole('button', { name: 'Remove window 2' }).click();
      await page.getByLabel('Window name').fill('Morning walk');
      await page.getByLabel('Opens').fill(opens);
      await page.getByLabel('Closes').fill(closes);
      await journey.check('schedule tab');
      await page.getByRole('button', { name: 'Save schedule' }).click();
      await page.getByRole('status').getByText('Saved').waitFor();

      // The dashboard shows today's window, open (a Manager records walks: /app is their home).
      await page.goto(journey.url('/app/dashboard'));
      const card = page.getByRole('region', { name: 'Location Watched' });
      await card.getByRole('listitem').getByText('Morning walk · Open').waitFor();
      await journey.check('dashboard with windows');

      // The window and its 15 minutes' grace pass with no walk: the evaluator runs at once.
      const moved = await clock('POST', { advanceMinutes: 62 });
      expect(moved.status).toBe(200);
      await page.reload();
      await page.getByRole('link', { name: 'Alerts, 2 unread' }).click();
      await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
      expect(pathOf(page)).toBe('/app/alerts');
      const missed = page.getByRole('article', { name: /Morning walk at Location Watched was missed/ });
      await missed.waitFor();
      await journey.check('alerts');
      // And by e-mail, in the mail viewer's store, once the mail worker has sent it from the outbox.
      await expect
        .poll(async () => (await mailsTo(ses, manager.email)).map((m) => m.subject), { timeout: 30_000 })
        .toContain(`SiteWalk alert: Morning walk at Location Watched was missed (${opens}–${closes})`);

      // The alert becomes a task for the Employee.
      await missed.getByRole('link', { name: 'Create task' }).click();
      await page.getByRole('heading', { level: 1, name: 'New task' }).waitFor();
      expect(await page.getByLabel('Title').inputValue()).toMatch(
        /^Morning walk at Location Watched was missed/,
      );
      await page.getByRole('combobox', { name: 'Assignee' }).click();
      const employeeName = (await (
        await fetch(`${url}/api/auth/me`, {
          headers: { authorization: `Bearer ${employee.token}` },
        })
      ).json()) as { firstName: string; lastName: string };
      await page.getByRole('option', { name: `${employeeName.firstName} ${employeeName.lastName}` }).click();
      await journey.check('new task from an alert');
      await page.getByRole('button', { name: 'Create task' }).click();
      await page
        .getByRole('heading', { level: 1, name: /^Morning walk at Location Watched was missed/ })
        .waitFor();
      const taskPath = pathOf(page);
      expect(taskPath).toMatch(/^\/app\/tasks\/\d+$/);
      await journey.check('task');

      // The Employee finds it under 'Mine' and closes it.
      await page.getByRole('button', { name: 'Logout' }).first().click();
      await page.waitForURL(/\/login/);
      await signInThroughApi(journey, employee.email, PERSON_PASSWORD);
      await page.getByRole('link', { name: 'Tasks' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
      await page.getByRole('cell', { name: /^Morning walk at Location Watched was missed/ }).click();
      await page.waitForURL((u) => u.pathname === taskPath);
      await page.getByRole('button', { name: 'Mark done' }).click();
      await page.getByText('Done', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Reopen' }).waitFor();
      await journey.check('task done');
    } finally {
      await clock('DELETE');
    }
  });
});
