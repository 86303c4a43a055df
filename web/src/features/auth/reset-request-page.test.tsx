import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { errorResponse, jsonResponse, stubFetch } from '../../testing/test-utils.tsx';
import { renderSignInPage } from './testing.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Reset your password', () => {
  it.each([
    ['/reset-password', '/reset-password/email-sent'],
    ['/resetPassword', '/app/resetPassword/emailSent'],
  ])('%s sends the e-mail and goes to %s', async (route, landing) => {
    let sent: unknown;
    stubFetch({
      'POST /api/auth/forgot-password': (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, message: 'sent' });
      },
    });
    const { user, navigate } = renderSignInPage(route);
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), ' Ann@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(landing));
    expect(sent).toEqual({ email: 'ann@example.com' });
  });

  it('wants an e-mail address before calling anything', async () => {
    const { calls } = stubFetch({});
    const { user, navigate } = renderSignInPage('/reset-password');
    await user.type(screen.getByLabelText(/Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says how long to wait when throttled', async () => {
    stubFetch({
      'POST /api/auth/forgot-password': () =>
        errorResponse(429, 'Too Many Requests', messages.auth.tooManyAttempts, { 'retry-after': '45' }),
    });
    const { user } = renderSignInPage('/reset-password');
    await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 45 seconds.');
  });

  it('the e-mail-sent page says to check the spam folder and leads back to sign in', () => {
    renderSignInPage('/app/resetPassword/emailSent');
    expect(screen.getByRole('heading', { name: 'Email Sent' })).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
