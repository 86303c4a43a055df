import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { messages } from '@sitewalk/shared/messages';
import { Role } from '@sitewalk/shared/roles';
import { callAs, person, PERSON_PASSWORD } from '../support/people.ts';
import { e2e, expect, pathOf, signIn, type Journey, test } from './support/journey.ts';

/** Two-step verification (TOTP): codes made with otplib from the key the page shows, as a phone would. */

const code = (key: string) => generateSync({ secret: key });
/** A code of the key from an hour ago: never the current one. */
const staleCode = (key: string) => generateSync({ secret: key, epoch: Math.floor(Date.now() / 1000) - 3600 });

/** The key shown beside the QR code, without the spaces that group it. */
const shownKey = async (page: Page) => {
  const key = (await page.getByLabel('Setup key').textContent())?.replace(/\s/g, '') ?? '';
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  return key;
};

/** The QR code is drawn: an SVG image in the page (no request leaves the host). */
const qrDrawn = async (page: Page) => {
  const qr = page.getByRole('img', { name: /QR code/ });
  await expect.poll(() => qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
};

const typePassword = async (journey: Journey, email: string) => {
  const { page } = journey;
  await page.goto(journey.url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PERSON_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

describe('two-step verification', () => {
  test('set up on the profile; the next sign-in asks for the code, refuses a wrong one and takes the right one', async ({
    journey,
  }) => {
    const { page } = journey;
    const employee = await person(e2e().url, Role.Employee);
    await signIn(journey, employee.email, PERSON_PASSWORD);

    await page.goto(journey.url(`/app/users/${employee.id}`));
    const card = page.getByRole('region', { name: 'Two-step verification' });
    await card.getByText('Off', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Set up two-step verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-step verification' });
    await dialog.waitFor();
    const key = await shownKey(page);
    await qrDrawn(page);
    await journey.check('two-step set-up on the profile');

    await dialog.getByLabel(/Code from your app/).fill(staleCode(key));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByText(messages.auth.mfaCodeWrong).waitFor();
    await dialog.getByLabel(/Code from your app/).fill(code(key));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('Two-step verification is on').waitFor();
    await card.getByText('On', { exact: true }).waitFor();
    await journey.check('two-step on');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(journey.url('/login'));
    await typePassword(journey, employee.email);
    await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
    await journey.check('two-step code at sign-in');

    await page.getByLabel(/Authentication code/).fill(staleCode(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText(messages.auth.mfaCodeWrong).waitFor();
    expect(pathOf(page)).toBe('/login');
    await journey.check('two-step wrong code');

    await page.getByLabel(/Authentication code/).fill(code(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    // An Employee's home is Today (issue 28).
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    expect(pathOf(page)).toBe('/app');
  });

  test('a role its company requires it of is sent to set-up right after the password, then signed in', async ({
    journey,
  }) => {
    const { page } = journey;
    const { url } = e2e();
    const call = callAs(url);
    const superUser = await person(url, Role.SuperUser);
    const label = randomBytes(3).toString('hex');
    const company = await call(superUser, 'POST', '/api/managementCompany', {
      name: `Strict ${label}`,
      email: `strict-${label}@example.com`,
    });
    const companyId = Number(company.body.id);
    const manager = await person(url, Role.CompanyManager, { managementCompanyId: companyId });
    const required = await call(superUser, 'PUT', '/api/managementCompany', {
      id: companyId,
      mfaRequiredRoles: [Role.CompanyManager],
    });
    expect(required.status).toBe(200);

    await typePassword(journey, manager.email);
    await page.getByRole('heading', { level: 1, name: 'Set up two-step verification' }).waitFor();
    const key = await shownKey(page);
    await qrDrawn(page);
    await journey.check('two-step set-up at sign-in');

    await page.getByLabel(/Code from your app/).fill(staleCode(key));
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await page.getByRole('alert').getByText(messages.auth.mfaCodeWrong).waitFor();
    await page.getByLabel(/Code from your app/).fill(code(key));
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The company's edit screen shows the setting to an Owner of it.
    const owner = await person(url, Role.Owner, { managementCompanyId: companyId });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(journey.url('/login'));
    await signIn(journey, owner.email, PERSON_PASSWORD);
    await page.goto(journey.url(`/app/management-companies/${companyId}`));
    const card = page.getByRole('region', { name: 'Two-step verification' });
    expect(await card.getByRole('checkbox', { name: 'Company Manager' }).isChecked()).toBe(true);
    await journey.check('company two-step roles');
  });
});
