import { gzipSync } from 'node:zlib';
import { bench, describe } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { Role } from '@sitewalk/shared/roles';
import { paths } from '../../web/src/config/paths.ts';
import { e2e } from '../e2e/support/journey.ts';
import { person, PERSON_PASSWORD } from '../support/people.ts';
import { seedSite } from '../support/site.ts';

/**
 * A map screen (the walk report detail) on the e2e project's local host serving the built SPA, with
 * everything outside the host blocked and the browser cache off: the JavaScript a visit loads (the map's
 * lazy chunk and its worker included) and the time from navigation to the map's first `load` (its style
 * and land drawn: the `sitewalk:map-load` mark SiteMap sets). `npx vitest bench --run test/bench/web-map.bench.ts`
 * runs it alone.
 */
const VISITS = 3;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface Script {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** One cold visit of `url`: the scripts it loaded and the milliseconds to the map's first load. */
const visit = async (page: Page, url: string): Promise<{ scripts: Script[]; mapLoadMs: number }> => {
  const bodies: Promise<Script | null>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
    bodies.push(
      response
        .body()
        .then((body) => ({
          file: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
        }))
        .catch(() => null),
    );
  };
  page.context().on('response', onResponse);
  try {
    await page.goto(url);
    await page.locator('[data-map-loaded="true"]').waitFor({ timeout: 60_000 });
    const mapLoadMs = await page.evaluate(
      () => performance.getEntriesByName('sitewalk:map-load')[0]?.startTime ?? Number.NaN,
    );
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(bodies)).filter((s): s is Script => s !== null);
    return { scripts, mapLoadMs };
  } finally {
    page.context().off('response', onResponse);
  }
};

describe('a map screen', () => {
  bench(
    'the walk report detail: JavaScript loaded (gzip) and time to the map’s first load',
    async () => {
      const { url: origin, browserWsEndpoint } = e2e();
      const site = await seedSite(origin);
      const manager = await person(origin, Role.CompanyManager, { managementCompanyId: site.companyId });
      const browser = await chromium.connect(browserWsEndpoint);
      try {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const blocked: string[] = [];
        await context.route(
          (url) => url.origin !== origin,
          (route) => {
            blocked.push(route.request().url());
            return route.abort('blockedbyclient');
          },
        );
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await page.goto(`${origin}/login`);
        await page.getByLabel('Email').fill(manager.email);
        await page.getByLabel('Password').fill(PERSON_PASSWORD);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

        const screen = `${origin}${paths.app.walkReport.build(site.locationId, site.walkReportId)}`;
        const visits = [];
        for (let i = 0; i < VISITS; i += 1) visits.push(await visit(page, screen));
        if (blocked.length) throw new Error(`Asked for something outside the host: ${blocked.join(', ')}`);

        const scripts = visits[0]?.scripts ?? [];
        const total = (pick: (s: Script) => number, of = scripts) => of.reduce((sum, s) => sum + pick(s), 0);
        const isMap = (s: Script) => /maplibre|site-map|react-map/.test(s.file);
        console.log(
          `\nJavaScript a cold visit of the walk report detail loads (gzip at zlib level 6; 1 kB = 1000 bytes):`,
        );
        console.table(
          [...scripts]
            .sort((a, b) => b.gzipBytes - a.gzipBytes)
            .map((s) => ({
              file: s.file,
              raw: kB(s.bytes),
              gzip: kB(s.gzipBytes),
              map: isMap(s) ? 'map' : '',
            })),
        );
        const mapScripts = scripts.filter(isMap);
        console.table([
          {
            files: scripts.length,
            'all, raw': kB(total((s) => s.bytes)),
            'all, gzip': kB(total((s) => s.gzipBytes)),
            'map code, raw': kB(total((s) => s.bytes, mapScripts)),
            'map code, gzip': kB(total((s) => s.gzipBytes, mapScripts)),
          },
        ]);
        const times = visits.map((v) => v.mapLoadMs);
        console.log(
          `Time from navigation to the map's first load, cold cache, ${VISITS} visits: ${times
            .map((t) => `${Math.round(t)} ms`)
            .join(', ')} (median ${Math.round(median(times))} ms)`,
        );
        if (times.some((t) => !Number.isFinite(t))) throw new Error('A visit recorded no map load');
      } finally {
        await browser.close();
      }
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
