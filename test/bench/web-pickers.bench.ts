import { bench, describe } from 'vitest';
import type { Page } from 'playwright-core';
import { Role } from '@sitewalk/shared/roles';
import { paths } from '../../web/src/config/paths.ts';
import { e2e } from '../e2e/support/journey.ts';
import { person, PERSON_PASSWORD } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';
import { CPU_SLOWDOWN, median, openWebBench, percentile, signInToDashboard } from './support/web-bench.ts';

/**
 * The searchable pickers (issue 30) in a tenant of 500 locations and 5,000 users, on the e2e project's local
 * host serving the built SPA, in Chromium at 4× CPU slowdown: the time from the search's answer arriving
 * (its Resource Timing `responseEnd`) to its options drawn in the listbox (a MutationObserver), both on the
 * page's clock. Budget: the median of each picker's searches within 200 ms; the bench throws (and
 * `npm run bench` exits non-zero) when it is missed. The server's answer time is printed, not budgeted.
 * `npx vitest bench --run test/bench/web-pickers.bench.ts` runs it alone.
 *
 * The tenant is written straight through the data layer in batches, as the dashboard bench does; the e2e
 * stand-ins keep their data in memory for one run, so it is written again each run (about 5,500 items).
 */
const LOCATIONS = 500;
const USERS = 5_000;
const BUDGET_MS = 200;
/** The server's answer for 5,000 users is slow on a loaded machine (it is printed); past this a search fails. */
const SEARCH_TIMEOUT_MS = 120_000;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Writes the locations and users beside the tenant's first location and the signed-in Company Manager. */
const writeTenant = async (tenant: { companyId: number; organizationId: number }) => {
  const { dataFromEnv } = await import('@sitewalk/functions/composition');
  const { nextIds } = await import('@sitewalk/functions/db/counters');
  const { putInBatches } = await import('../../infra/local/demo/batch-write.ts');
  const db = dataFromEnv();
  const at = { managementCompanyId: tenant.companyId, organizationId: tenant.organizationId };
  const locationIds = await nextIds(db, 'location', LOCATIONS - 1);
  await putInBatches(
    locationIds.map((locationId, i) => ({
      locationId,
      ...at,
      name: `Picker site ${pad(i + 1, 3)}`,
      address: `${i + 1} Main St`,
      city: 'Fresno',
      state: 'CA',
      zipcode: '93650',
      latitude: 36.8,
      longitude: -119.7,
    })),
    (batch) => db.entities.location.put(batch).go(),
  );
  // The Company Manager who signs in is the 5,000th.
  const userIds = await nextIds(db, 'user', USERS - 1);
  await putInBatches(
    userIds.map((userId, i) => ({
      userId,
      firstName: 'Pat',
      lastName: `Picker${pad(i + 1, 4)}`,
      email: `picker-${userId}@example.com`,
      roleId: Role.Employee,
      managementCompanyId: tenant.companyId,
      // Of no place: their lists name none without a Query each.
      membershipIdsKept: true,
    })),
    (batch) => db.entities.user.put(batch).go(),
  );
};

interface Search {
  term: string;
  /** The search's answer arrived → its options drawn, page clock. */
  drawMs: number;
  /** The request sent → its answer arrived. */
  serverMs: number;
  options: number;
}

// The browser side of page.evaluate, typed just enough (test/ compiles without the DOM library).
declare const document: {
  body: unknown;
  querySelectorAll: (selector: string) => ArrayLike<{ textContent: string | null }>;
};
declare const performance: {
  now: () => number;
  clearResourceTimings: () => void;
  getEntriesByType: (type: 'resource') => { name: string; requestStart: number; responseEnd: number }[];
};
interface Watch {
  pickerDrawn?: Promise<{ at: number; options: number; none?: true }>;
}
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void;
  disconnect(): void;
}

/**
 * Types `term` into the picker labelled `label` (its box emptied first) and measures the answer to it.
 * Every option drawn for the term holds it (the server searched names), which tells them from the options
 * of the term before; so each term must match some name (sites 001–499, users Picker0001–4999): one that
 * matches none fails at once (the picker then says so instead of listing options).
 */
const search = async (page: Page, label: string, route: string, term: string): Promise<Search> => {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.press('Control+A');
  await box.press('Backspace');
  await page
    .getByRole('listbox')
    .waitFor({ timeout: SEARCH_TIMEOUT_MS })
    .catch(async (error: unknown) => {
      const popup = await page.locator('.MuiAutocomplete-popper').allTextContents();
      throw new Error(`${label}: no options after emptying the box (popup: ${popup.join(' | ')})`, {
        cause: error,
      });
    });
  await page.evaluate(() => performance.clearResourceTimings());
  // Watching before the first key is typed; read once the answer has come.
  await page.evaluate((needle) => {
    (globalThis as unknown as Watch).pickerDrawn = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        // 'No user matches': a term of the bench that matches no name (the box would wait for options forever).
        if (document.querySelectorAll('.MuiAutocomplete-noOptions').length > 0) {
          observer.disconnect();
          resolve({ at: performance.now(), options: 0, none: true });
          return;
        }
        const options = Array.from(document.querySelectorAll('[role="listbox"] [role="option"]'));
        if (
          options.length > 0 &&
          options.every((option) => (option.textContent ?? '').toLowerCase().includes(needle))
        ) {
          observer.disconnect();
          resolve({ at: performance.now(), options: options.length });
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, term.toLowerCase());
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes(route) &&
      new URL(response.url()).searchParams.get('searchTerm') === term &&
      response.status() === 200,
    { timeout: SEARCH_TIMEOUT_MS },
  );
  await box.pressSequentially(term);
  await answered;
  const { at, options, none } = await Promise.race([
    page.evaluate(() => (globalThis as unknown as Watch).pickerDrawn!),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`The options of ${term} were not drawn within ${SEARCH_TIMEOUT_MS} ms`)),
        SEARCH_TIMEOUT_MS,
      ),
    ),
  ]);
  if (none)
    throw new Error(`${label}: ${term} matches no name (the server answered none); choose another term`);
  const timing = await page.evaluate(
    ([path, needle]) =>
      performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes(path) && entry.name.includes(`searchTerm=${needle}`)),
    [route, encodeURIComponent(term).replace(/%20/g, '+')] as const,
  );
  if (!timing) throw new Error(`No resource timing for the search of ${term}`);
  return {
    term,
    drawMs: at - timing.responseEnd,
    serverMs: timing.responseEnd - timing.requestStart,
    options,
  };
};

describe('the searchable pickers at 500 locations and 5,000 users', () => {
  bench(
    'typing in a picker: the answer drawn within 200 ms of its arrival, 4× CPU slowdown',
    async () => {
      const { url: origin } = e2e();
      const tenant = await seedTenant(origin);
      const started = Date.now();
      await writeTenant(tenant);
      console.log(
        `\nWrote ${LOCATIONS - 1} locations and ${USERS - 1} users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      const manager = await person(origin, Role.CompanyManager, { managementCompanyId: tenant.companyId });
      const web = await openWebBench();
      try {
        const { page } = web;
        await signInToDashboard(page, origin, manager.email, PERSON_PASSWORD);
        await web.slowDownCpu();

        const pickers = [
          {
            picker: 'Location (Alerts)',
            screen: paths.app.alerts.build(),
            label: 'Location',
            route: '/api/location/some/by-user/',
            terms: ['site 12', 'site 34', 'site 3', 'site 45', 'site 2', 'site 49', 'site 16', 'site 38'],
          },
          {
            picker: 'Who (Activity)',
            screen: paths.app.activity.build(),
            label: 'Who',
            route: '/api/user/some/by-user/',
            terms: [
              'picker12',
              'picker345',
              // Picker0001–Picker4999: a term of 'picker' and one digit from 5 up matches none.
              'picker4',
              'picker49',
              'picker2',
              'picker081',
              'picker16',
              'picker3',
            ],
          },
        ];
        const rows = [];
        const missed: string[] = [];
        for (const { picker, screen, label, route, terms } of pickers) {
          await page.goto(`${origin}${screen}`);
          const filters = page.getByRole('button', { name: /^Filters/ });
          if (await filters.isVisible()) await filters.click();
          await page.getByRole('combobox', { name: label }).waitFor({ timeout: 60_000 });
          const searches: Search[] = [];
          for (const term of terms) searches.push(await search(page, label, route, term));
          const draw = searches.map((s) => s.drawMs);
          const server = searches.map((s) => s.serverMs);
          const row = {
            picker,
            searches: searches.length,
            'options (median)': median(searches.map((s) => s.options)),
            'answer → drawn, median': `${Math.round(median(draw))} ms`,
            'answer → drawn, p95': `${Math.round(percentile(draw, 95))} ms`,
            'server, median': `${Math.round(median(server))} ms`,
            'server, p95': `${Math.round(percentile(server, 95))} ms`,
          };
          console.log(row);
          rows.push(row);
          if (!(median(draw) <= BUDGET_MS)) missed.push(`${picker}: ${Math.round(median(draw))} ms`);
        }
        console.log(
          `\nSearchable pickers, ${LOCATIONS} locations and ${USERS} users, ${CPU_SLOWDOWN}× CPU slowdown ` +
            `(budget: the median from the answer's arrival to its options drawn ≤ ${BUDGET_MS} ms):`,
        );
        console.table(rows);
        web.assertNothingBlocked();
        if (missed.length > 0) {
          throw new Error(`Picker budget missed (median > ${BUDGET_MS} ms): ${missed.join('; ')}`);
        }
      } finally {
        await web.close();
      }
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
