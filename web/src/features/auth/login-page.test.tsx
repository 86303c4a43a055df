import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { errorResponse, jsonResponse, stubFetch, testUser } from '../../testing/test-utils.tsx';
import { renderSignInPage } from './testing.tsx';

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
        jsonResponse(200, { needsPasswordReset: false, accessToken: 'a', expiresIn: 900, user: testUser() }),
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
        return jsonResponse(200, { accessToken: 'a', expiresIn: 900, user: testUser({ id: 7 }) });
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
});
