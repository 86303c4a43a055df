import { afterAll, bench, describe } from 'vitest';
import { routes } from '@sitewalk/shared/contract/index';
import { startTestHost } from '../support/host.ts';
import { callAs } from '../support/people.ts';
import { seedSite } from '../support/site.ts';
import { formatFailures, fuzzContextOf, fuzzRequests, sendAll } from '../support/fuzz.ts';

/**
 * The fuzz test of test/contract/fuzz.test.ts at scale: FUZZ_RUNS (default 300) generated bad requests per
 * route, about 27,000 in all, over HTTP on the local host. The run fails on any 5xx, any 4xx outside the
 * envelope, any refused request that succeeds, or a host that is not healthy afterwards; vitest's table
 * gives the time it took. FUZZ_SEED repeats a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

const t = await startTestHost();
const site = await seedSite(t.host.url);
const requests = fuzzRequests(fuzzContextOf(site), RUNS, SEED);

afterAll(async () => {
  await t.host.close();
});

// Runs once: tinybench calls a task a second time only to learn whether it is async, and an async function
// it knows by its type (cold-start.bench.ts guards its plain function against that extra call).
describe(`bad requests over ${Object.keys(routes).length} routes (FUZZ_SEED=${SEED})`, () => {
  bench(
    `${requests.length} requests, 4 at a time`,
    async () => {
      const report = await sendAll(t.host.url, requests);
      if (report.failures.length) throw new Error(formatFailures(report.failures, SEED));
      const call = callAs(t.host.url);
      const health = await call(null, 'GET', '/api/health');
      const me = await call(site.superUser, 'GET', '/api/auth/me');
      if (health.status !== 200 || me.status !== 200)
        throw new Error(`The host is not healthy after the run: ${health.status}, ${me.status}`);
      console.log(`[fuzz] answers by status: ${JSON.stringify(report.byStatus)}`);
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
