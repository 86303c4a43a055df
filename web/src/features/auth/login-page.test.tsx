import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { errorResponse, jsonResponse, stubFetch } from '../../testing/test-utils.tsx';
import { renderSignInPage } from './testing.tsx';
import { aPerson, ada } from '../../testing/fixtures.ts';

const renderLogin = () => renderSignInPage('/login');

afterEach(() => vi.unstubAllGlobals());

describe('/login', () => {
  it('requires the e-mail and the password before calling anything', async () => {
    const { calls } = stubFetch({});
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('links to home, terms and privacy', () => {
    stubFetch({});
    renderLogin();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('says why a sign-in failed: a wrong password', async () => {
    stubFetch({
      'POST /api/auth/login': () => errorResponse(401, 'Unauthorized', messages.auth.invalidCredentials),
    });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.invalidCredentials);
  });

  it('says how long to wait when throttled', async () => {
    stubFetch({
      'POST /api/auth/login': () =>
        errorResponse(429, 'Too Many Requests', messages.auth.tooManyAttempts, { 'retry-after': '600' }),
    });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${messages.auth.tooManyAttempts} Try again in 10 minutes.`,
    );
  });

  it('signs in and enters /app', async () => {
    stubFetch({
      'POST /api/auth/login': () =>
        jsonResponse(200, {
          needsPasswordReset: false,
          accessToken: 'a',
          expiresIn: 900,
          user: aPerson(ada),
        }),
    });
    const { user, navigate } = renderLogin();
    await user.type(screen.getByLabelText(/Email/), 'ada@sitewalk.test');
    await user.type(screen.getByLabelText(/Password/), 'SiteWalk2024');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/app'));
  });

  it('blocks in the Password Reset Required modal until a new password is saved, then signs in', async () => {
    let sent: unknown;
    stubFetch({
      'POST /api/auth/login': () =>
        jsonResponse(200, { needsPasswordReset: true, session: 'cognito-session', email: 'new@example.com' }),
      'POST /api/auth/complete-new-password': (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, {
          needsPasswordReset: false,
          accessToken: 'a',
          expiresIn: 900,
          user: aPerson({ ...ada, id: 7 }),
        });
      },
    });
    const { user, navigate } = renderLogin();
    await user.type(screen.getByLabelText(/Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Temp-1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const dialog = await screen.findByRole('dialog', { name: 'Password Reset Required' });
    expect(dialog).toHaveTextContent(messages.password.rule);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^New Password/), 'short');
    await user.type(screen.getByLabelText(/Confirm Password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByText(messages.password.mismatch)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(messages.password.rule);
    expect(navigate).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^New Password/));
    await user.type(screen.getByLabelText(/^New Password/), 'NewPassw0rd');
    await user.clear(screen.getByLabelText(/Confirm Password/));
    await user.type(screen.getByLabelText(/Confirm Password/), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/app'));
    expect(sent).toEqual({
      email: 'new@example.com',
      session: 'cognito-session',
      newPassword: 'NewPassw0rd',
    });
  });

  it('shows the failure text of a refused new password', async () => {
    stubFetch({
      'POST /api/auth/login': () =>
        jsonResponse(200, { needsPasswordReset: true, session: 's', email: 'new@example.com' }),
      'POST /api/auth/complete-new-password': () => errorResponse(500, 'Internal Server Error', 'boom'),
    });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Temp-1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText(/^New Password/), 'NewPassw0rd');
    await user.type(screen.getByLabelText(/Confirm Password/), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    await waitFor(() => expect(screen.getByText(messages.password.modalFailed)).toBeInTheDocument());
  });

  describe('two-step verification', () => {
    /** The login's answer for an account with an authenticator: the code step, no session yet. */
    const askForCode = () =>
      jsonResponse(200, {
        needsPasswordReset: false,
        mfa: 'code',
        session: 'step',
        email: 'ann@example.com',
      });
    const signInAs = async (user: ReturnType<typeof renderLogin>['user'], email: string) => {
      await user.type(screen.getByLabelText(/Email/), email);
      await user.type(screen.getByLabelText(/^Password/), 'SiteWalk2024');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
    };

    it('asks for the authenticator code after the password, says a wrong one is wrong, and signs in with the right one', async () => {
      const sent: unknown[] = [];
      stubFetch({
        'POST /api/auth/login': askForCode,
        'POST /api/auth/mfa-code': (init) => {
          const body = JSON.parse(String(init?.body)) as { code: string };
          sent.push(body);
          return body.code === '123456'
            ? jsonResponse(200, { accessToken: 'a', expiresIn: 900, user: aPerson(ada) })
            : errorResponse(401, 'Unauthorized', messages.auth.mfaCodeWrong);
        },
      });
      const { user, navigate } = renderLogin();
      await signInAs(user, 'ann@example.com');

      expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
      const field = await screen.findByLabelText(/Authentication code/);
      expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      expect(field).toHaveAttribute('inputmode', 'numeric');

      await user.type(field, '12');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText(messages.auth.mfaCodeFormat)).toBeInTheDocument();
      expect(sent).toEqual([]);

      await user.clear(field);
      await user.type(field, '654 321');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.mfaCodeWrong);
      expect(screen.getByLabelText(/Authentication code/)).toHaveValue('');
      expect(navigate).not.toHaveBeenCalled();

      await user.type(screen.getByLabelText(/Authentication code/), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/app'));
      expect(sent).toEqual([
        { email: 'ann@example.com', session: 'step', code: '654321' },
        { email: 'ann@example.com', session: 'step', code: '123456' },
      ]);
    });

    it('goes back to the password from the code step', async () => {
      stubFetch({
        'POST /api/auth/login': askForCode,
      });
      const { user } = renderLogin();
      await signInAs(user, 'ann@example.com');
      await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
      expect(screen.getByRole('heading', { name: 'Sign in to SiteWalk' })).toBeInTheDocument();
      expect(screen.getByLabelText(/Email/)).toHaveValue('ann@example.com');
      expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    });

    it('sends a role that must use it and has not set it up to set-up: QR code, key, then a code signs in', async () => {
      let verified: unknown;
      stubFetch({
        'POST /api/auth/login': () =>
          jsonResponse(200, {
            needsPasswordReset: false,
            mfa: 'setup',
            session: 'held',
            email: 'own@example.com',
          }),
        'POST /api/auth/mfa-setup': () =>
          jsonResponse(200, {
            secretCode: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            otpauthUri:
              'otpauth://totp/SiteWalk:own%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=SiteWalk',
          }),
        'POST /api/auth/mfa-setup/verify': (init) => {
          verified = JSON.parse(String(init?.body));
          return jsonResponse(200, { accessToken: 'a', expiresIn: 900, user: aPerson(ada) });
        },
      });
      const { user, navigate } = renderLogin();
      await signInAs(user, 'own@example.com');

      expect(
        await screen.findByRole('heading', { name: 'Set up two-step verification' }),
      ).toBeInTheDocument();
      expect(await screen.findByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
      await waitFor(() =>
        expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute(
          'src',
          expect.stringMatching(/^data:image\/svg\+xml/),
        ),
      );

      await user.type(screen.getByLabelText(/Code from your app/), '246810');
      await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/app'));
      expect(verified).toEqual({ email: 'own@example.com', session: 'held', code: '246810' });
    });

    it('says so when the set-up session has expired', async () => {
      stubFetch({
        'POST /api/auth/login': () =>
          jsonResponse(200, {
            needsPasswordReset: false,
            mfa: 'setup',
            session: 'old',
            email: 'own@example.com',
          }),
        'POST /api/auth/mfa-setup': () => errorResponse(401, 'Unauthorized', messages.auth.sessionExpired),
      });
      const { user } = renderLogin();
      await signInAs(user, 'own@example.com');
      expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.sessionExpired);
      expect(screen.getByRole('button', { name: 'Turn on and sign in' })).toBeDisabled();
    });

    it('goes on to set-up after a new password replaced a temporary one', async () => {
      stubFetch({
        'POST /api/auth/login': () =>
          jsonResponse(200, { needsPasswordReset: true, session: 's', email: 'new@example.com' }),
        'POST /api/auth/complete-new-password': () =>
          jsonResponse(200, {
            needsPasswordReset: false,
            mfa: 'setup',
            session: 'held',
            email: 'new@example.com',
          }),
        'POST /api/auth/mfa-setup': () =>
          jsonResponse(200, {
            secretCode: 'JBSWY3DPEHPK3PXP',
            otpauthUri: 'otpauth://totp/SiteWalk:x?secret=JBSWY3DPEHPK3PXP',
          }),
      });
      const { user, navigate } = renderLogin();
      await signInAs(user, 'new@example.com');
      await screen.findByRole('dialog');
      await user.type(screen.getByLabelText(/^New Password/), 'NewPassw0rd');
      await user.type(screen.getByLabelText(/Confirm Password/), 'NewPassw0rd');
      await user.click(screen.getByRole('button', { name: 'Save Password' }));
      expect(
        await screen.findByRole('heading', { name: 'Set up two-step verification' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(navigate).not.toHaveBeenCalled();
    });
  });
});
