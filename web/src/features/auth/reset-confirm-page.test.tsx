import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { errorResponse, jsonResponse, stubFetch } from '../../testing/test-utils.tsx';
import { renderSignInPage } from './testing.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('/reset-password/confirm/{token}', () => {
  it("says 'Invalid Link' without a token", () => {
    stubFetch({});
    renderSignInPage('/reset-password/confirm');
    expect(screen.getByRole('heading', { name: messages.password.invalidLink })).toBeInTheDocument();
  });

  it('shows the real password rule and wants two matching fields', async () => {
    const { calls } = stubFetch({});
    const { user } = renderSignInPage('/reset-password/confirm/abc');
    expect(screen.getByRole('heading', { name: 'Create New Password' })).toBeInTheDocument();
    expect(screen.getByText(`${messages.password.rule}.`)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New Password/), 'NewPassw0rd');
    await user.type(screen.getByLabelText(/Confirm Password/), 'NewPassw0rx');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByText(messages.password.mismatch)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the token and the password, then offers sign-in', async () => {
    let sent: unknown;
    stubFetch({
      'POST /api/auth/reset-password': (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, message: 'ok' });
      },
    });
    const { user } = renderSignInPage('/reset-password/confirm/abc');
    await user.type(screen.getByLabelText(/^New Password/), 'NewPassw0rd');
    await user.type(screen.getByLabelText(/Confirm Password/), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.password.resetSuccess);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(sent).toEqual({ token: 'abc', password: 'NewPassw0rd' });
  });

  it('says the reset failed', async () => {
    stubFetch({
      'POST /api/auth/reset-password': () =>
        errorResponse(400, 'Bad Request', messages.auth.resetLinkInvalid),
    });
    const { user } = renderSignInPage('/reset-password/confirm/abc');
    await user.type(screen.getByLabelText(/^New Password/), 'NewPassw0rd');
    await user.type(screen.getByLabelText(/Confirm Password/), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.password.resetFailed);
  });
});
