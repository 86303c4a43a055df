import { bench, describe } from 'vitest';
import type { Page } from 'playwright-core';
import { Role } from '@sitewalk/shared/roles';
import { paths } from '../../web/src/config/paths.ts';
import { e2e } from '../e2e/support/journey.ts';
import { PERSON_PASSWORD } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';
import { CPU_SLOWDOWN, median, openWebBench, signInToDashboard } from './support/web-bench.ts';

/**
 * Importing a 5,000-row unit roster (issue 31), on the e2e project's local host serving the built SPA, in
 * Chromium: the time from the CSV chosen in the Units tab's file input (its change event) to the import's
 * preview drawn with every row read (its 'N units read, M rows refused' line in the page, then the frame that
 * shows it begun), on the page's clock. The file is parsed with Papa Parse in the roster's Web Worker and read
 * with the column mapping on the main thread. Each round loads the location page afresh (so its first file
 * starts the worker) and chooses FILES_A_ROUND files, each with a different number of refused rows (so each
 * preview is told from the one before).
 * Budget: every choice at full speed previewed within 2 s; the bench throws (and `npm run bench` exits
 * non-zero) when one is missed. The same at 4× CPU slowdown is printed, not budgeted (issue 31 asks it of the
 * lock check's taps, not of the import). `npx vitest bench --run test/bench/web-roster-import.bench.ts` runs it alone.
 */
const ROWS = 5_000;
const BUDGET_MS = 2_000;
const ROUNDS = 2;
const FILES_A_ROUND = 3;
/** A preview slower than this (a hung worker) fails the bench rather than waiting for ever. */
const PREVIEW_TIMEOUT_MS = 60_000;

// The browser side of page.evaluate, typed just enough (test/ compiles without the DOM library).
interface Watch {
  previewDrawn?: Promise<{ chosenAt: number; drawnAt: number }>;
}
declare const document: {
  body: unknown;
  addEventListener: (
    type: 'change',
    listener: (event: { target: unknown }) => void,
    capture: boolean,
  ) => void;
  querySelector: (selector: string) => { textContent: string | null } | null;
};
declare const performance: { now: () => number };
declare const requestAnimationFrame: (callback: () => void) => number;
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void;
  disconnect(): void;
}

const STATUSES = ['Occupied', 'Vacant', 'Occupied', 'Company Use', 'Occupied', 'Unavailable'];

/** A rent roll of ROWS units in three buildings, `refused` of them with a status no export writes. */
const rentRoll = (refused: number) => {
  const lines = ['Unit,Status,Delinquent,Overlocked,Size,Tenant,Balance'];
  for (let i = 0; i < ROWS; i += 1) {
    const building = 'ABC'[i % 3];
    const status = i < refused ? 'Occupied?' : STATUSES[i % STATUSES.length];
    const late = i % 17 === 0;
    lines.push(
      `${building}-${Math.floor(i / 3) + 1},${status},${late ? 'Yes' : 'No'},${late && i % 2 === 0 ? 'Y' : 'N'},10x${10 + (i % 4) * 5},"Tenant ${i}, Jr.",${(i % 300).toFixed(2)}`,
    );
  }
  return lines.join('\r\n');
};

/** Chooses the file and measures its preview; `expected` is the preview's line for it. */
const choose = async (page: Page, name: string, csv: string, expected: string) => {
  await page.evaluate((text) => {
    (globalThis as unknown as Watch).previewDrawn = new Promise((resolve) => {
      let chosenAt = 0;
      document.addEventListener(
        'change',
        (event) => {
          if ((event.target as { type?: string }).type === 'file') chosenAt = performance.now();
        },
        true,
      );
      const observer = new MutationObserver(() => {
        if (!chosenAt || document.querySelector('[aria-label="Rows read"]')?.textContent !== text) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve({ chosenAt, drawnAt: performance.now() }));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, expected);
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const { chosenAt, drawnAt } = await Promise.race([
    page.evaluate(() => (globalThis as unknown as Watch).previewDrawn!),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${name}: no preview within ${PREVIEW_TIMEOUT_MS} ms`)),
        PREVIEW_TIMEOUT_MS,
      ),
    ),
  ]);
  return drawnAt - chosenAt;
};

describe('the unit roster import at 5,000 rows', () => {
  bench(
    'a 5,000-row CSV chosen → its preview drawn within 2 s',
    async () => {
      const { url: origin } = e2e();
      const tenant = await seedTenant(origin);
      const manager = await tenant.person(Role.CompanyManager);
      const files = Array.from({ length: FILES_A_ROUND }, (_, i) => ({
        name: `rent-roll-${i + 1}.csv`,
        csv: rentRoll(i + 1),
        expected: `${(ROWS - i - 1).toLocaleString('en')} units read, ${i + 1} ${i === 0 ? 'row' : 'rows'} refused`,
      }));
      const web = await openWebBench();
      try {
        const { page } = web;
        await signInToDashboard(page, origin, manager.email, PERSON_PASSWORD);
        const runs = async (label: string) => {
          const times: { label: string; round: number; file: number; ms: number }[] = [];
          for (let round = 1; round <= ROUNDS; round += 1) {
            // A new address each round: the same one with only its hash would not load the page again.
            await page.goto(
              `${origin}${paths.app.location.build(tenant.locationId)}?${label.replace(/\W+/g, '-')}-${round}#units`,
            );
            await page.getByRole('button', { name: 'Import units' }).click({ timeout: 60_000 });
            for (const [index, file] of files.entries()) {
              const ms = await choose(page, file.name, file.csv, file.expected);
              times.push({ label, round, file: index + 1, ms });
            }
          }
          return times;
        };
        const full = await runs('full speed');
        await web.slowDownCpu();
        const slowed = await runs(`${CPU_SLOWDOWN}× CPU slowdown`);
        const rows = [full, slowed].map((times) => ({
          CPU: times[0]?.label,
          'first file (worker started)': `${Math.round(median(times.filter((t) => t.file === 1).map((t) => t.ms)))} ms`,
          'median, all': `${Math.round(median(times.map((t) => t.ms)))} ms`,
          'max, all': `${Math.round(Math.max(...times.map((t) => t.ms)))} ms`,
        }));
        console.log(
          `\nRoster import, ${ROWS.toLocaleString('en')} rows chosen → preview drawn, ${ROUNDS} page loads × ` +
            `${FILES_A_ROUND} files (budget: each at full speed ≤ ${BUDGET_MS} ms):`,
        );
        console.table(rows);
        web.assertNothingBlocked();
        const missed = full.filter((t) => !(t.ms <= BUDGET_MS));
        if (missed.length > 0) {
          throw new Error(
            `Roster import budget missed (> ${BUDGET_MS} ms): ${missed.map((t) => `round ${t.round} file ${t.file}: ${Math.round(t.ms)} ms`).join('; ')}`,
          );
        }
      } finally {
        await web.close();
      }
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
