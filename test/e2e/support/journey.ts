/**
 * What every browser journey runs on: the run's one Chromium (connected once per test file), a fresh
 * context per journey whose every request to anything but the local host is aborted and recorded (the
 * service worker's own requests too, where a journey lets it run: see `testWithServiceWorker`), and
 * `check(name)` for each page a journey visits — no horizontal scroll at 375 px and no serious or critical
 * axe violation at the journey's own viewport, always; screenshots at 375, 768 and 1440 px into the
 * git-ignored test/e2e/.screenshots/ only when asked for (`SCREENSHOTS=1`). When the journey ends, the
 * fixture asserts that nothing outside the host was attempted and no script error was thrown; a failed
 * journey leaves `failed.png` whatever was asked.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject, test as base } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import axe, { type AxeResults, type RunOptions } from 'axe-core';

// The browser side of page.evaluate, typed just enough: test/ compiles without the DOM library, whose
// fetch types would clash with Node's.
interface BrowserElement {
  tagName: string;
  className: unknown;
  textContent: string | null;
  getBoundingClientRect: () => { right: number };
}
interface BrowserAnimation {
  effect: { getComputedTiming: () => { endTime?: unknown } } | null;
  finished: Promise<unknown>;
}
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelectorAll: (selector: string) => Iterable<BrowserElement>;
  fonts: { ready: Promise<unknown> };
  getAnimations: () => BrowserAnimation[];
};
declare const setTimeout: (callback: () => void, ms: number) => unknown;
declare const requestAnimationFrame: (callback: () => void) => number;
declare const window: { axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } };

export const SCREENSHOTS = fileURLToPath(new URL('../.screenshots', import.meta.url));

/** The widths every visited page is photographed at, when screenshots are asked for. */
export const WIDTHS = [375, 768, 1440] as const;
/** The width no page may scroll sideways at. */
const NARROWEST = 375;
/**
 * Whether the run takes the screenshots of each visited page (`SCREENSHOTS=1`): they are for people to look
 * at and prove nothing; the overflow and axe checks run either way.
 */
export const screenshotsAsked = process.env.SCREENSHOTS === '1';
/** The journeys' own window: a laptop. */
const VIEWPORT = { width: 1280, height: 800 };

/** The run's host and browser, and the handlers' environment set on this process (to make people). */
export const e2e = () => {
  const provided = inject('e2e');
  if (!provided) throw new Error('No e2e host: run this file in the e2e project (vitest.config.ts)');
  Object.assign(process.env, provided.env);
  return provided;
};

export interface Journey {
  page: Page;
  context: BrowserContext;
  /** The local host's address of a path. */
  url: (path: string) => string;
  /**
   * No horizontal scroll at 375 px, and axe at the journey's own viewport (screenshots at each width when
   * asked for): call it on each page visited.
   */
  check: (name: string) => Promise<void>;
  /** Requests to anything but the local host, aborted: must stay empty. */
  blocked: string[];
  /** Uncaught errors in the page's scripts: must stay empty. */
  pageErrors: string[];
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** Two animation frames: the layout after a resize has been painted. */
export const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/**
 * The page at rest: every animation and transition that ends (a dialog fading or sliding in) has ended, so that
 * axe reads the colours people read, not a frame of a fade. Endless ones (a spinner) are not waited for, nor is
 * anything for longer than 5 s.
 */
const atRest = (page: Page) =>
  page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ).then(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );

/**
 * The page's axe violations. axe-core goes into a document once (the SPA's documents live across its
 * navigations) and runs there: `@axe-core/playwright` sent its 550 kB source twice per check and finished each
 * run in a new page, most of a check's time, not the audit. The app has no frames to look into.
 */
const axeViolations = async (page: Page) => {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(
    async (options) => {
      const { violations } = await window.axe!.run(document, options);
      return violations;
    },
    { resultTypes: ['violations'] } satisfies RunOptions,
  );
};

/** The elements sticking out to the right at the current width, for a readable failure. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((element) => {
        const classes = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `<${element.tagName.toLowerCase()}${classes ? ` class="${classes}…"` : ''}> "${text}" (right ${Math.round(element.getBoundingClientRect().right)} px of ${root.clientWidth})`;
      });
  });

export interface JourneyOptions {
  /**
   * 'block' (the default): no service worker registers, so every request the page makes is one Playwright
   * sees and routes. 'allow': the SPA's service worker runs; Playwright (1.5x and later, Chromium) reports
   * and routes the worker's own requests through the context as well — its precache fetches, and whatever
   * it would fetch elsewhere, which the route below aborts and records like the page's.
   */
  serviceWorkers?: 'allow' | 'block';
  /** Geolocation allowed for the host, at this position to begin with (the recorder). */
  geolocation?: { latitude: number; longitude: number; accuracy?: number };
  /**
   * The name the app is opened at (e.g. 127.0.0.1), the run's host on its port; that origin is then the only
   * one the page may reach. Default: the run's own (localhost).
   */
  hostname?: string;
  /** The browser's time zone (the viewer's); America/Los_Angeles, the seeded locations' own, by default. */
  timezoneId?: string;
}

const openJourney = async (
  browser: Browser,
  folder: string,
  options: JourneyOptions = {},
): Promise<Journey & { close: () => Promise<void> }> => {
  const opened = new URL(e2e().url);
  if (options.hostname) opened.hostname = options.hostname;
  const { origin } = opened;
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: 'en-US',
    timezoneId: options.timezoneId ?? 'America/Los_Angeles',
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
  });
  context.setDefaultTimeout(15_000);
  const blocked: string[] = [];
  const pageErrors: string[] = [];
  const local = (url: string) => url === origin || url.startsWith(`${origin}/`);
  await context.route(
    (url) => !local(url.href),
    (route) => {
      blocked.push(`${route.request().method()} ${route.request().url()}`);
      return route.abort('blockedbyclient');
    },
  );
  await context.routeWebSocket(
    (url) => !local(url.href.replace(/^ws/, 'http')),
    (socket) => {
      blocked.push(`WebSocket ${socket.url()}`);
      return socket.close();
    },
  );
  context.on('page', (page) =>
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message)),
  );
  const page = await context.newPage();
  // This journey's screenshots of an earlier run go: the folder shows the last run only.
  rmSync(join(SCREENSHOTS, folder), { recursive: true, force: true });
  let visited = 0;

  const check = async (name: string) => {
    visited += 1;
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await atRest(page);
    // The journey's own window (a phone journey's is narrow), where it is left and axe runs.
    const own = page.viewportSize() ?? VIEWPORT;
    const overflowAt375 = async () =>
      expect(await overflowing(page), `${name}: horizontal scroll at ${NARROWEST} px`).toEqual([]);
    if (screenshotsAsked) {
      const dir = join(SCREENSHOTS, folder);
      mkdirSync(dir, { recursive: true });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: own.height });
        await settle(page);
        await page.screenshot({
          path: join(dir, `${String(visited).padStart(2, '0')}-${slug(name)}-${width}.png`),
          fullPage: true,
          animations: 'disabled',
        });
        if (width === NARROWEST) await overflowAt375();
      }
      await page.setViewportSize(own);
      await settle(page);
    } else if (own.width === NARROWEST) {
      // Already at 375 px: no resize at all.
      await overflowAt375();
    } else {
      // Two resizes: to 375 px and back.
      await page.setViewportSize({ width: NARROWEST, height: own.height });
      await settle(page);
      await overflowAt375();
      await page.setViewportSize(own);
      await settle(page);
    }
    await atRest(page);
    const serious = (await axeViolations(page))
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
            .join(', ')}`,
      );
    expect(serious, `${name}: axe`).toEqual([]);
  };

  return {
    page,
    context,
    url: (path) => `${origin}${path}`,
    check,
    blocked,
    pageErrors,
    close: () => context.close(),
  };
};

/**
 * `test` with a `journey` fixture: a fresh browser context for the test, closed after it, and the run's
 * rules asserted at its end (nothing but the local host was asked for, no script error).
 */
const journeyTest = (options: JourneyOptions = {}) =>
  base.extend<{ browser: Browser; journey: Journey }>({
    // The run's Chromium, connected once per test file and let go after it (the e2e project shares modules
    // between files: vitest.config.ts).
    browser: [
      // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern
      async ({}, use) => {
        const browser = await chromium.connect(e2e().browserWsEndpoint);
        await use(browser);
        await browser.close();
      },
      { scope: 'file' },
    ],
    journey: async ({ task, browser }, use) => {
      const file = task.file.name.replace(/^.*\//, '').replace(/\.test\.ts$/, '');
      const journey = await openJourney(browser, `${file}/${slug(task.name)}`, options);
      try {
        await use(journey);
        if (task.result?.state === 'fail')
          await journey.page.screenshot({ path: join(SCREENSHOTS, file, slug(task.name), 'failed.png') });
      } finally {
        await journey.close();
      }
      expect(journey.blocked, 'requests to anything but the local host').toEqual([]);
      expect(journey.pageErrors, 'uncaught errors in the page').toEqual([]);
    },
  });

/** The journeys of the web app as most of them run: no service worker (see JourneyOptions). */
export const test = journeyTest();

/**
 * The installable app's journeys (offline, the recorder): the SPA's service worker runs, its requests routed
 * and checked like the page's; geolocation allowed, at `position` to begin with (move it with
 * `context.setGeolocation`).
 */
export const testWithServiceWorker = (geolocation?: JourneyOptions['geolocation']) =>
  journeyTest({ serviceWorkers: 'allow', ...(geolocation ? { geolocation } : {}) });

/** Journeys that open the app at another name of the run's host (e.g. `127.0.0.1`): see JourneyOptions. */
export const testOpenedAt = (hostname: string, options: Omit<JourneyOptions, 'hostname'> = {}) =>
  journeyTest({ ...options, hostname });

/** Journeys with the browser in another time zone than the seeded locations' (a viewer elsewhere). */
export const testInTimeZone = (timezoneId: string) => journeyTest({ timezoneId });

export { expect };

/** The first page at /app: Today for the roles that record a walk (issue 28), the Dashboard for the rest. */
export const HOME_HEADING = /^(Dashboard|Today)$/;

/** Signs in on /login as a person does, and waits for their home (see HOME_HEADING). */
export const signIn = async (journey: Journey, email: string, password: string) => {
  const { page } = journey;
  await page.goto(journey.url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
};

/**
 * Signs in without the form, for journeys whose claim is not the sign-in itself: the password goes to
 * `POST /api/auth/login` through the context's own request, whose answer's refresh cookie (HttpOnly, Secure,
 * SameSite=Strict, scoped to /api/auth) the context keeps as the browser would; /app then starts from that
 * cookie as it does after the form (its refresh at start, then `auth.me`), and the home is waited for as
 * `signIn` waits for it. The form and what it shows are the sign-in journeys' (sign-in.test.ts, mfa.test.ts).
 */
export const signInThroughApi = async (journey: Journey, email: string, password: string) => {
  const { page, context } = journey;
  const answer = await context.request.post(journey.url('/api/auth/login'), { data: { email, password } });
  const body = (await answer.json().catch(() => null)) as Record<string, unknown> | null;
  expect(answer.status(), `sign-in of ${email} through the API: ${JSON.stringify(body)}`).toBe(200);
  // A person with a temporary password or a second step is the form's to sign in, not this helper's.
  expect(body?.needsPasswordReset ?? false, `${email} must replace a temporary password`).toBe(false);
  expect(body && 'mfa' in body, `${email} has a second step`).toBe(false);
  await page.goto(journey.url('/app'));
  await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
};

/** The path of the page now shown. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;
