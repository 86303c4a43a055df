import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The journeys that act on the whole stage, not only on a tenant of their own: they move the local host's clock
 * (`/__local/clock`), so they run alone in `e2e-stage`, never beside another journey.
 */
const STAGE_JOURNEYS = ['test/e2e/alerts-tasks.test.ts'];

/**
 * One project per tier. `unit` needs nothing running; `integration` and `contract` share the stand-ins
 * started once per run by test/support/global-setup.ts (each test file gets its own table, pool and bucket).
 * `e2e` (browser journeys and the web bench) and `e2e-stage` (the journeys that move the host's clock, alone,
 * after `e2e`) use the same stand-ins, plus one local host serving the built SPA and one Chromium for the whole
 * run (test/e2e/support/global-setup.ts).
 */
export default defineConfig({
  test: {
    // The time table (each tier's files and seconds, the ten slowest files), then vitest's own report.
    reporters: ['./test/support/time-table.ts', 'default'],
    // A worker per core, not vitest's default of one fewer: most of a contract test's time is spent waiting
    // on the stand-ins (measured on 2 cores: unit, web and integration in 394 s instead of about 630 s).
    maxWorkers: availableParallelism(),
    // Powertools' JSON logs would drown the report (tests assert on answers, not on log lines), all but errors:
    // an unexpected 500 prints its cause, so a failure seen once under load in CI can be read.
    env: {
      // Times read alike on every machine: the viewer's zone in component tests is UTC, as in CI.
      TZ: 'UTC',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'ERROR',
      // Handlers called in-process: no EMF metrics on the report, no X-Ray.
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{shared,functions,infra,web}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts', 'web/**/*.test.tsx'],
          benchmark: {
            include: [
              '{shared,functions,infra,web}/**/*.bench.ts',
              'test/bench/cold-start.bench.ts',
              'test/bench/unit-reading.bench.ts',
              // Its own headless Chromium; no host or stand-ins.
              'test/bench/photo-downscale.bench.ts',
            ],
            exclude: ['**/*.int.bench.ts'],
          },
          // CDK synthesis (aws-cdk-lib, cdk-nag over four stacks) takes seconds on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Component tests: React in jsdom with Testing Library and jest-dom's matchers, in two projects. `web` runs
      // its files without isolation: the files a worker takes share one jsdom window and one module graph (React,
      // MUI, the app's modules imported once a worker instead of once a file), and setup-shared-graph.ts clears
      // what a file may leave behind. `web-isolated` keeps a fresh window and graph per file for the files that
      // mock a module the others import unmocked (a mock taken into a shared module would leak into later files,
      // and one already loaded unmocked would not be mocked), or that test a module's first load.
      ...((isolated: string[]) => {
        // maplibre needs WebGL, which jsdom has not: every component test draws maps with the stand-ins.
        const resolve = {
          alias: [
            {
              find: /^maplibre-gl$/,
              replacement: `${import.meta.dirname}/web/src/testing/maplibre-gl-stub.ts`,
            },
            {
              find: /^react-map-gl\/maplibre$/,
              replacement: `${import.meta.dirname}/web/src/testing/react-map-gl-stub.tsx`,
            },
          ],
        };
        return [
          {
            extends: true as const,
            resolve,
            test: {
              name: 'web',
              include: ['web/**/*.test.tsx'],
              exclude: ['**/node_modules/**', ...isolated],
              environment: 'jsdom',
              isolate: false,
              setupFiles: ['web/src/testing/setup-tests.ts', 'web/src/testing/setup-shared-graph.ts'],
              testTimeout: 15_000,
              // No benches run in jsdom (vitest's default would take every bench file of the repo).
              benchmark: { include: [] },
            },
          },
          {
            extends: true as const,
            resolve,
            test: {
              name: 'web-isolated',
              include: isolated,
              exclude: ['**/node_modules/**'],
              environment: 'jsdom',
              setupFiles: ['web/src/testing/setup-tests.ts'],
              testTimeout: 15_000,
              benchmark: { include: [] },
            },
          },
        ];
      })([
        // vi.mock of a module the app's components import (download.ts, upload.ts, the recorder's store, a
        // page's map).
        'web/src/components/exports/download-buttons.test.tsx',
        'web/src/features/incidents/incident-pdf.test.tsx',
        'web/src/features/incidents/incidents-page.test.tsx',
        'web/src/features/lock-check-reports/lock-check-page.test.tsx',
        'web/src/features/locations/add-location-page.test.tsx',
        'web/src/features/locations/location-page.test.tsx',
        'web/src/features/locations/update-location-page.test.tsx',
        'web/src/features/organizations/organization-add-page.test.tsx',
        'web/src/features/recorder/components/recorder.test.tsx',
        'web/src/features/recorder/home/home-page.test.tsx',
        'web/src/features/recorder/lock-check/lock-check-recorder.test.tsx',
        'web/src/features/recorder/store/outbox-indicator.test.tsx',
        'web/src/features/walk-reports/walk-report-pdf.test.tsx',
        'web/src/features/walk-setup/walk-setup-page.test.tsx',
        // A module's first load: the map's worker URL given once as site-map.tsx loads, the lazy map's spinner
        // until its chunk is there.
        'web/src/components/map/site-map.test.tsx',
        'web/src/components/map/lazy-site-map.test.tsx',
      ]),
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{functions,infra}/**/*.int.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/e2e/**', 'test/contract/**'],
          benchmark: { include: ['{functions,infra,test}/**/*.int.bench.ts'] },
          // The Lambda bundles (infra/aws/bundles.int.test.ts) load as Lambda loads them, in Node itself: vite's
          // transform of each minified bundle took about 2 s.
          server: { deps: { external: [/\/asset\.[0-9a-f]+\/index\.mjs$/] } },
          globalSetup: ['test/support/global-setup.ts'],
          // A file's stand-in work shares the machine with the contract tier's: the heaviest (the evaluator over
          // 200 schedules, a location's cleanup) took up to 30 s on a loaded run.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // HTTP against the local host: one host for the tier (test/support/shared-host-setup.ts), each file
        // making its own tenants on it; a file that acts on the whole stage starts its own (startOwnTestHost).
        extends: true,
        test: {
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts', 'test/support/shared-host-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          benchmark: { include: [] },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...STAGE_JOURNEYS],
          // Two journeys at a time, after every other project: they share one host and one Chromium, and each
          // makes its own tenant over the API. Those that act on the whole stage (the host's clock) are
          // `e2e-stage`'s, after these.
          maxWorkers: 2,
          // The files share one module graph (playwright-core, axe-core, the handlers' modules) instead of each
          // importing it afresh: about 3 s a file under load. They hold no module state of their own between files
          // (the browser connection is a file's fixture: test/e2e/support/journey.ts), and the host is the same.
          isolate: false,
          sequence: { groupOrder: 1 },
          benchmark: { include: ['test/bench/web*.bench.ts'] },
          // In this order: the stand-ins first, then the host and Chromium that use them (one host and one
          // Chromium for both journey projects: the file shares them).
          globalSetup: ['test/support/global-setup.ts', 'test/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The journeys that act on the whole stage (they move the host's clock, which every tenant's alerts and
        // tokens read): one at a time, alone, after `e2e`, on the same host and Chromium.
        extends: true,
        test: {
          name: 'e2e-stage',
          include: STAGE_JOURNEYS,
          exclude: ['**/node_modules/**'],
          maxWorkers: 1,
          isolate: false,
          sequence: { groupOrder: 2 },
          benchmark: { include: [] },
          globalSetup: ['test/support/global-setup.ts', 'test/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
