import { bench, describe } from 'vitest';
import type { Page } from 'playwright-core';
import { dataFromEnv, identityFromEnv, storageFromEnv } from '@sitewalk/functions/composition';
import { generateDemo } from '../../infra/local/demo/generate.ts';
import { DEMO_PASSWORD, writeDemo } from '../../infra/local/demo/write.ts';
import { join } from 'node:path';
import { e2e, SCREENSHOTS } from '../e2e/support/journey.ts';
import { CPU_SLOWDOWN, median, openWebBench, percentile, signInToDashboard } from './support/web-bench.ts';

/**
 * The owner's dashboard of a 500-location tenant (issue 30), on the e2e project's local host serving the built
 * SPA, in Chromium at 4× CPU slowdown: the time from navigation start to its first screen drawn — the summary's
 * figures and the first location card both in the page, laid out, and the frame that shows them begun (a
 * MutationObserver installed before the app's scripts, then requestAnimationFrame; the page's clock, whose
 * origin is the navigation's start). Each sample is a navigation to the dashboard's address by a signed-in
 * owner whose browser has the app's files cached (a returning user); one more with the cache off is printed.
 * Budget: the median of SAMPLES within 2 s; the bench throws (and `npm run bench` exits non-zero) when it is
 * missed. `npx vitest bench --run test/bench/web-dashboard.bench.ts` runs it alone.
 *
 * The tenant is `npm run seed:demo --size 500`'s, written by its writer (portfolio status items included, so
 * the first read builds nothing); the e2e stand-ins keep their data in memory, so it is written each run.
 */
const LOCATIONS = 500;
/**
 * Yesterday and today: what today's states are computed from (reports of the last 26 hours). A week took over
 * 7 minutes to write here under load; the figures of the last week then count one day.
 */
const DAYS = 1;
const SAMPLES = 7;
const BUDGET_MS = 2_000;
const SUMMARY_FIGURE = 'a[aria-label^="Walked today: "]';
const LOCATION_CARD = 'section[aria-labelledby^="location-card-"]';

// The browser side of page.evaluate and the init script, typed just enough (test/ compiles without the DOM
// library).
interface Drawn {
  firstScreenAt?: number;
}
interface BrowserElement {
  getBoundingClientRect: () => { width: number; height: number };
}
declare const document: {
  querySelector: (selector: string) => BrowserElement | null;
};
declare const performance: {
  now: () => number;
  getEntriesByType: ((type: 'resource') => { name: string; startTime: number; responseEnd: number }[]) &
    ((type: 'navigation') => { domContentLoadedEventEnd: number }[]);
};
declare const requestAnimationFrame: (callback: () => void) => number;
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
  disconnect(): void;
}

/** In each document, before the app's scripts: notes when the summary figures and a card are first drawn. */
const watchFirstScreen = ([figure, card]: readonly [string, string]) => {
  const shown = (selector: string) => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    return !!box && box.width > 0 && box.height > 0;
  };
  const observer = new MutationObserver(() => {
    if (!shown(figure) || !shown(card)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      (globalThis as unknown as Drawn).firstScreenAt = performance.now();
    });
  });
  // The document itself: before the page is parsed it has no element to observe.
  observer.observe(document, { childList: true, subtree: true });
};

/** What the page asked for before its first screen, on the page's clock (0: the navigation's start). */
interface Fetched {
  path: string;
  startMs: number;
  endMs: number;
}

interface Sample {
  firstScreenMs: number;
  /** Request sent → answer arrived, of the first page with its summary (Resource Timing). */
  pageMs: number;
  /** The document's DOMContentLoaded (its scripts run). */
  domReadyMs: number;
  fetched: Fetched[];
}

const visit = async (page: Page, url: string): Promise<Sample> => {
  await page.goto(url, { waitUntil: 'commit' });
  const firstScreenMs = (await (
    await page.waitForFunction(() => (globalThis as unknown as Drawn).firstScreenAt, undefined, {
      timeout: 60_000,
    })
  ).jsonValue()) as number;
  const { fetched, domReadyMs } = await page.evaluate(() => ({
    fetched: performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      startMs: entry.startTime,
      endMs: entry.responseEnd,
    })),
    domReadyMs: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? NaN,
  }));
  const took = (path: string) => {
    const entry = fetched.find((f) => f.path.startsWith(path));
    return entry ? entry.endMs - entry.startMs : NaN;
  };
  return {
    firstScreenMs,
    pageMs: took('/api/incident/portfolio/locations'),
    domReadyMs,
    fetched: fetched.filter((f) => f.startMs < firstScreenMs),
  };
};

describe('the owner’s dashboard at 500 locations', () => {
  bench(
    'navigation → the summary and the first location card drawn within 2 s, 4× CPU slowdown',
    async () => {
      e2e();
      const demo = generateDemo({ seed: 3001, size: LOCATIONS, days: DAYS, now: new Date() });
      const owner = demo.people[0];
      if (!owner) throw new Error('The demo tenant has no owner');
      const started = Date.now();
      await writeDemo({ db: dataFromEnv(), identity: identityFromEnv(), storage: storageFromEnv() }, demo);
      console.log(
        `\nWrote the demo tenant (${LOCATIONS} locations, ${DAYS} days) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );

      const web = await openWebBench();
      try {
        const { page, context, origin } = web;
        await context.addInitScript(watchFirstScreen, [SUMMARY_FIGURE, LOCATION_CARD] as const);
        await signInToDashboard(page, origin, owner.email, DEMO_PASSWORD);
        const dashboard = page.url();
        await web.slowDownCpu();

        const samples: Sample[] = [];
        for (let i = 0; i < SAMPLES; i += 1) samples.push(await visit(page, dashboard));
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        const cold = await visit(page, dashboard);
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
        // To look at: the first screen of 500 locations on a phone (the journeys' git-ignored folder).
        await page.setViewportSize({ width: 375, height: 800 });
        await page.screenshot({
          path: join(SCREENSHOTS, 'web-dashboard-bench', 'dashboard-375.png'),
          fullPage: true,
        });
        web.assertNothingBlocked();

        const ms = (value: number) => `${Math.round(value)} ms`;
        const of = (pick: (s: Sample) => number) => samples.map(pick);
        const firstScreen = of((s) => s.firstScreenMs);
        console.log(
          `\nThe owner's dashboard, ${LOCATIONS} locations, ${CPU_SLOWDOWN}× CPU slowdown, ${SAMPLES} navigations ` +
            `with the app's files cached (budget: the median from navigation to the summary and first card ` +
            `drawn ≤ ${BUDGET_MS} ms):`,
        );
        const row = (label: string, pick: (s: Sample) => number) => ({
          '': label,
          median: ms(median(of(pick))),
          p95: ms(percentile(of(pick), 95)),
          'cache off': ms(pick(cold)),
        });
        console.table([
          row('navigation → first screen', (s) => s.firstScreenMs),
          row('first page and summary: request → answer', (s) => s.pageMs),
          row("the document's scripts run (DOMContentLoaded)", (s) => s.domReadyMs),
        ]);
        // Where the time goes: what the median navigation asked for before its first screen.
        const typical = [...samples].sort((a, b) => a.firstScreenMs - b.firstScreenMs)[
          Math.floor(SAMPLES / 2)
        ];
        if (typical) {
          console.log(
            `\nThe median navigation's requests before its first screen (${ms(typical.firstScreenMs)}):`,
          );
          console.table(
            typical.fetched.map((f) => ({ path: f.path, start: ms(f.startMs), end: ms(f.endMs) })),
          );
        }
        if (!(median(firstScreen) <= BUDGET_MS)) {
          throw new Error(
            `Dashboard budget missed: the first screen drawn ${ms(median(firstScreen))} after navigation ` +
              `(median; budget ${BUDGET_MS} ms)`,
          );
        }
      } finally {
        await web.close();
      }
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
