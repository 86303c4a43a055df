import { describe } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { person, PERSON_PASSWORD } from '../support/people.ts';
import { e2e, expect, pathOf, signIn, testWithServiceWorker } from './support/journey.ts';

/**
 * The public and sign-in pages in a browser that has the SPA's service worker (web/pwa.config.ts): the worker
 * answers with the SPA's document only the paths pages.json gives the SPA, so every other path under /app
 * still gets its own document from the host — the legacy reset flow
 * ends on 'Email Sent', not on the SPA's guard's /login.
 */
const test = testWithServiceWorker();

describe('the public pages with the service worker installed', () => {
  test('sign in, log out, the legacy reset flow ends on Email Sent; every public page is its own document', async ({
    journey,
  }) => {
    const { page, context } = journey;
    const employee = await person(e2e().url, Role.Employee);
    // Which documents the worker answered (a navigation it answers is from its precache: app.html).
    const documents: { path: string; fromServiceWorker: boolean }[] = [];
    context.on('response', (response) => {
      if (response.request().resourceType() === 'document' && !response.request().serviceWorker())
        documents.push({
          path: new URL(response.url()).pathname,
          fromServiceWorker: response.fromServiceWorker(),
        });
    });

    await signIn(journey, employee.email, PERSON_PASSWORD);
    await page.waitForFunction('navigator.serviceWorker.controller !== null');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(journey.url('/login'));
    // The worker stays installed after logging out; /login and every page below run under it.
    expect(await page.evaluate('navigator.serviceWorker.getRegistrations().then((r) => r.length)')).toBe(1);

    // The legacy spelling: /resetPassword → Reset → /app/resetPassword/emailSent.
    await page.goto(journey.url('/resetPassword'));
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    expect(await page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
    await page.getByLabel('Email').fill(employee.email);
    documents.length = 0;
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('heading', { level: 1, name: 'Email Sent' }).waitFor();
    expect(pathOf(page)).toBe('/app/resetPassword/emailSent');
    expect(documents).toEqual([{ path: '/app/resetPassword/emailSent', fromServiceWorker: false }]);
    await journey.check('legacy email sent with the worker');

    // Each public path gets the document the host names for it, none the worker's app.html.
    for (const [path, title] of [
      ['/', 'SiteWalk · site walks for storage facilities'],
      ['/register', 'Get an account · SiteWalk'],
      ['/terms-of-service', 'Terms of Service · SiteWalk'],
      ['/privacy-policy', 'Privacy Policy · SiteWalk'],
      ['/login', 'Sign in · SiteWalk'],
      ['/reset-password', 'Reset your password · SiteWalk'],
      ['/reset-password/email-sent', 'Email Sent · SiteWalk'],
      ['/app/resetPassword/emailSent', 'Email Sent · SiteWalk'],
      ['/reset-password/confirm/not-a-real-token', 'Create New Password · SiteWalk'],
      ['/no-such-page', 'Page not found · SiteWalk'],
    ] as const) {
      documents.length = 0;
      await page.goto(journey.url(path));
      expect(await page.title(), path).toBe(title);
      expect(pathOf(page), path).toBe(path);
      expect(documents, path).toEqual([{ path, fromServiceWorker: false }]);
    }

    // Under the same worker, /app still starts the SPA (whose guard sends a signed-out visitor to /login).
    await page.goto(journey.url('/app/record'));
    await page.waitForURL(journey.url('/login'));
  });
});
