import { bench, describe } from 'vitest';
import { chromium } from 'playwright-core';
import { e2e } from '../e2e/support/journey.ts';
import { publicRoutes, scriptsOf } from '../e2e/support/route-scripts.ts';

/**
 * The JavaScript each public route of the SPA loads on a fresh visit (lazy chunks included), gzipped, on
 * the e2e project's local host serving the built SPA. Budget (issue 12): at most 120 kB for / and /login;
 * a run over it fails. `npx vitest bench --run test/bench/web-js.bench.ts` runs it alone.
 */
const BUDGET_BYTES = 120_000;
const BUDGETED = ['/', '/login'];

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe('the web app', () => {
  bench(
    `JavaScript per public route, gzip (budget ${kB(BUDGET_BYTES)} for ${BUDGETED.join(' and ')})`,
    async () => {
      const browser = await chromium.connect(e2e().browserWsEndpoint);
      const rows: { route: string; files: number; raw: string; gzip: string; budget: string }[] = [];
      const over: string[] = [];
      try {
        for (const route of publicRoutes()) {
          const scripts = await scriptsOf(browser, e2e().url, route);
          const gzip = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
          const budgeted = BUDGETED.includes(route);
          if (budgeted && gzip > BUDGET_BYTES) over.push(`${route} loads ${kB(gzip)}`);
          rows.push({
            route,
            files: scripts.length,
            raw: kB(scripts.reduce((sum, script) => sum + script.bytes, 0)),
            gzip: kB(gzip),
            budget: budgeted ? (gzip > BUDGET_BYTES ? 'OVER' : 'ok') : '',
          });
        }
      } finally {
        await browser.close();
      }
      console.log(
        '\nJavaScript a fresh visit loads (gzip at zlib level 6, as Vite reports; 1 kB = 1000 bytes):',
      );
      console.table(rows);
      if (over.length) throw new Error(`Over the budget of ${kB(BUDGET_BYTES)}: ${over.join('; ')}`);
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
