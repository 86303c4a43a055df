import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { e2e } from '../../e2e/support/journey.ts';

/** The slowdown the SPA's budgets are measured at (issue 30): a mid-range phone's CPU on this machine. */
export const CPU_SLOWDOWN = 4;

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The nearest-rank percentile. */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ??
  NaN;

export interface WebBench {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The local host's origin. */
  origin: string;
  /** Throws when the page asked for anything but the local host (each such request was aborted). */
  assertNothingBlocked: () => void;
  /** Slows the page's CPU by `CPU_SLOWDOWN` (CDP Emulation.setCPUThrottlingRate); call it once signed in. */
  slowDownCpu: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A page in the e2e run's Chromium on the run's local host, at a laptop's size, with no service worker (every
 * request the page makes goes to the host) and every request elsewhere blocked and recorded. Blocked by
 * Chromium itself (CDP Network.setBlockedURLs), not by Playwright's routing: a route, whatever it matches,
 * turns the HTTP cache off, and every script of a 'returning user' was fetched again through Playwright.
 */
export const openWebBench = async (): Promise<WebBench> => {
  const { url: origin, browserWsEndpoint } = e2e();
  const browser = await chromium.connect(browserWsEndpoint);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  const blocked: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) blocked.push(`${request.method()} ${request.url()}`);
  });
  const page = await context.newPage();
  const network = await context.newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.setBlockedURLs', {
    urlPatterns: [
      { urlPattern: `${origin}/*`, block: false },
      { urlPattern: '*://*:*/*', block: true },
    ],
  });
  return {
    browser,
    context,
    page,
    origin,
    assertNothingBlocked: () => {
      if (blocked.length > 0) throw new Error(`Asked for something outside the host: ${blocked.join(', ')}`);
    },
    slowDownCpu: async () => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    },
    close: () => browser.close(),
  };
};

/** Signs in through the login screen and waits for the dashboard it lands on. */
export const signInToDashboard = async (page: Page, origin: string, email: string, password: string) => {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 60_000 });
};
