import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, bench, describe } from 'vitest';
import { routes } from '@sitewalk/shared/contract/index';
import { unitKey, type LockFinding } from '@sitewalk/shared/lock-check';
import { Role } from '@sitewalk/shared/roles';
import { createApiClient } from '../../web/src/lib/api-client.ts';
import { createOutbox, uploadWith } from '../../web/src/features/recorder/store/outbox.ts';
import { openRecorderStore } from '../../web/src/features/recorder/store/recorder-store.ts';
import type { LockCheckSession, LockTap } from '../../web/src/features/recorder/store/types.ts';
import {
  finishLockCheck,
  startLockCheck,
  tapFinding,
  type LockRecorded,
} from '../../web/src/features/recorder/lock-check/lock-check-actions.ts';
import { apiAs } from '../support/api.ts';
import { startTestHost } from '../support/host.ts';
import { expectedFinding, facilityRoster, importRoster } from '../support/lock-check-roster.ts';
import { seedTenant } from '../support/site.ts';

/**
 * A lock check recorded offline and sent when the network returns (issue 31): RESULTS (default 1,000) taps on
 * one "phone" (fake-indexeddb and the app's outbox, over HTTP on the local host) with the network off, some of
 * them a second tap of a unit already tapped (which replaces its result); then the network comes back, through
 * a fetch that drops DROP (0.1) of the connections before the request and as many after the answer. Budget:
 * the check's report (`lockCheck.get`) has every unit tapped once with its last tap (0 lost, 0 doubled), the
 * results reached the API in the order tapped, and the finish landed; the bench throws otherwise. The time to
 * send is printed, not budgeted (one request a result, and backoff delays TIME_SCALE (10) times faster). `npx vitest bench --run --project integration test/bench/lock-check-outbox.int.bench.ts`.
 */
const RESULTS = Number(process.env.RESULTS ?? 1_000);
/** Of the taps, this many are a second tap of a unit (its result replaced). */
const RETAPS = Math.floor(RESULTS / 10);
const DROP = Number(process.env.DROP ?? 0.1);
/** Backoff delays run this many times faster than on a phone (as in the recorder's outbox bench). */
const TIME_SCALE = Number(process.env.TIME_SCALE ?? 10);
/** The bench fails when nothing has been sent for this long (a stuck outbox). */
const STALL_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const t = await startTestHost();
afterAll(async () => {
  await t.host.close();
});

describe('a lock check recorded offline', () => {
  bench(
    `${RESULTS} results recorded offline, then sent: 0 lost, 0 doubled, in order`,
    async () => {
      const tenant = await seedTenant(t.host.url);
      const manager = await tenant.person(Role.Manager);
      const walker = await tenant.person(Role.Employee);
      const units = facilityRoster(RESULTS - RETAPS);
      await importRoster(t.host.url, manager, tenant.locationId, units);
      const roster = await apiAs(t.host.url)(walker, 'roster.get', {
        params: { locationId: tenant.locationId },
      });

      let online = false;
      const network = new EventTarget();
      /** The order in which the API first answered each result's client id. */
      const landed: string[] = [];
      const traffic = { requests: 0, dropped: 0 };
      const droppingFetch: typeof fetch = async (input, init) => {
        if (!online) throw new TypeError('fetch failed (offline)');
        traffic.requests += 1;
        const draw = Math.random();
        if (draw < DROP) {
          traffic.dropped += 1;
          throw new TypeError('fetch failed (dropped before the request)');
        }
        const response = await fetch(input, init);
        const url = String(input instanceof Request ? input.url : input);
        if (response.ok && url.endsWith('/result') && typeof init?.body === 'string') {
          const { clientId } = JSON.parse(init.body) as { clientId: string };
          if (!landed.includes(clientId)) landed.push(clientId);
        }
        if (draw < 2 * DROP) {
          traffic.dropped += 1;
          await response.arrayBuffer().catch(() => undefined);
          throw new TypeError('fetch failed (dropped after the answer)');
        }
        return response;
      };
      const store = openRecorderStore({ name: `bench-lock-check-${randomUUID()}` });
      const outbox = createOutbox({
        store,
        call: createApiClient({
          routes,
          baseUrl: t.host.url,
          getToken: () => walker.token,
          fetch: droppingFetch,
        }),
        upload: uploadWith(droppingFetch),
        timers: {
          set: (run, ms) => setTimeout(run, ms / TIME_SCALE),
          clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        },
        online: () => online,
        window: network,
        document: null,
        locks: null,
      });
      try {
        let session: LockCheckSession | null = null;
        const taps: LockTap[] = [];
        const record = async (recorded: LockRecorded) => {
          session = recorded.session;
          for (const write of recorded.writes) if (write.kind === 'lockResult') taps.push(write.result);
          await store.recordLockCheck(recorded.session, recorded.writes);
        };
        const current = () => {
          if (!session) throw new Error('not started');
          return session;
        };
        await record(
          startLockCheck({
            userId: walker.id,
            location: { id: tenant.locationId, name: 'Bench facility' },
            roster,
            scope: { kind: 'all' },
            now: new Date().toISOString(),
          }),
        );
        const tap = (unit: (typeof units)[number], finding: LockFinding) =>
          record(
            tapFinding(current(), { number: unit.number, roster: unit }, finding, new Date().toISOString()),
          );
        for (const unit of units) await tap(unit, expectedFinding(unit));
        // The second taps: vacant units seen with a company lock (as a vacant unit is secured: no photo).
        const vacant = units.filter((unit) => unit.status === 'vacant');
        for (let i = 0; i < RETAPS; i++)
          await tap(vacant[i % vacant.length]!, i % 2 ? 'companyLock' : 'noLock');
        await record(finishLockCheck(current(), new Date().toISOString()));
        await outbox.flush();
        if (traffic.requests > 0) throw new Error(`${traffic.requests} requests were sent offline`);
        if (taps.length !== RESULTS) throw new Error(`${taps.length} taps recorded, not ${RESULTS}`);

        const started = Date.now();
        online = true;
        network.dispatchEvent(new Event('online'));
        let last = Number.POSITIVE_INFINITY;
        let progressAt = Date.now();
        for (;;) {
          const status = outbox.status();
          if (status.waiting === 0 && !status.sending) break;
          if (status.waiting < last) [last, progressAt] = [status.waiting, Date.now()];
          if (Date.now() - progressAt > STALL_MS)
            throw new Error(`${status.waiting} writes still waiting, none sent for ${STALL_MS / 1000} s`);
          await sleep(100);
        }
        const sendMs = Date.now() - started;
        const failed = outbox.status().failed;
        if (failed.length > 0)
          throw new Error(
            `Refused: ${failed.map((f) => `${f.write.kind} ${f.status} ${f.message}`).join('; ')}`,
          );

        const lockCheckId = await outbox.lockCheckIdOf(current().key);
        if (lockCheckId === null) throw new Error('The check was never started on the API');
        const report = await apiAs(t.host.url)(walker, 'lockCheck.get', { params: { lockCheckId } });
        const lastTap = new Map(taps.map((tapped) => [unitKey(tapped.unit), tapped.finding]));
        const reported = new Map<string, number>();
        for (const result of report.results)
          reported.set(unitKey(result.unit), (reported.get(unitKey(result.unit)) ?? 0) + 1);
        const lost = [...lastTap.keys()].filter((key) => !reported.has(key));
        const doubled = [...reported].filter(([, n]) => n > 1).map(([key]) => key);
        const notLast = report.results.filter(
          (result) => lastTap.get(unitKey(result.unit)) !== result.finding,
        );
        const tappedOrder = taps.map((tapped) => tapped.clientId);
        const outOfOrder =
          landed.length !== tappedOrder.length || landed.some((id, i) => id !== tappedOrder[i]);
        const row = {
          results: taps.length,
          units: lastTap.size,
          'second taps': RETAPS,
          'sent in': `${(sendMs / 1000).toFixed(1)} s`,
          requests: traffic.requests,
          dropped: traffic.dropped,
          lost: lost.length,
          doubled: doubled.length,
          'not the last tap': notLast.length,
          'in order': !outOfOrder,
          finished: report.finishedAt !== null,
        };
        console.log(
          `\nLock check: ${RESULTS} results recorded offline, then sent (drops ${DROP} before, ${DROP} after):`,
        );
        console.table([row]);
        const problems = [
          lost.length && `${lost.length} lost (${lost.slice(0, 5).join(', ')})`,
          doubled.length && `${doubled.length} doubled (${doubled.slice(0, 5).join(', ')})`,
          notLast.length && `${notLast.length} not the unit's last tap`,
          outOfOrder && `results reached the API out of order (${landed.length} landed)`,
          report.finishedAt === null && 'the finish did not land',
          report.checkedCount !== lastTap.size && `checkedCount ${report.checkedCount}, not ${lastTap.size}`,
        ].filter(Boolean);
        if (problems.length > 0) throw new Error(`Lock check outbox budget missed: ${problems.join('; ')}`);
      } finally {
        outbox.stop();
        await store.close();
      }
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
