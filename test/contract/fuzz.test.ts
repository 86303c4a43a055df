import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@sitewalk/shared/contract/index';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs } from '../support/people.ts';
import { seedSite, type Site } from '../support/site.ts';
import { formatFailures, fuzzContextOf, fuzzRequests, sendAll, type FuzzReport } from '../support/fuzz.ts';

/**
 * Thousands of bad requests generated from the contract's schemas with fast-check, over HTTP, for every
 * route (test/support/fuzz.ts; `npm run bench` sends many more: test/bench/fuzz.int.bench.ts). No answer is
 * a 5xx, every 4xx is the error envelope, nothing the schemas refuse succeeds, and the host is healthy after.
 * FUZZ_SEED repeats a run; FUZZ_RUNS sets the requests per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const RUNS = Number(process.env.FUZZ_RUNS ?? 35);

let t: TestHost;
let site: Site;
let report: FuzzReport;

beforeAll(async () => {
  t = await startTestHost();
  site = await seedSite(t.host.url);
});

afterAll(async () => {
  await t?.host.close();
});

describe(`${RUNS} generated bad requests per route (FUZZ_SEED=${SEED})`, () => {
  it(
    'never answer 5xx, always answer 4xx in the envelope, and never let a refused request through',
    { timeout: 180_000 },
    async () => {
      const requests = fuzzRequests(fuzzContextOf(site), RUNS, SEED);
      report = await sendAll(t.host.url, requests);
      expect(report.failures.length, formatFailures(report.failures, SEED)).toBe(0);
      expect(report.sent).toBe(requests.length);
    },
  );

  it('covered every route of the contract', () => {
    for (const name of Object.keys(routes)) expect(report.byRoute[name], name).toBe(RUNS);
  });

  it('leaves the host healthy, and the signed-in user still served', async () => {
    const call = callAs(t.host.url);
    expect((await call(null, 'GET', '/api/health')).status).toBe(200);
    expect((await call(site.superUser, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await call(site.employee, 'GET', `/api/walk/${site.walkId}`)).status).toBe(200);
  });
});
