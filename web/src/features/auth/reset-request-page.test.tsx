import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { errorResponse, jsonResponse, renderWithProviders, stubFetch } from '../../testing/test-utils.tsx';
import { ResetRequestPage } from './reset-request-page.tsx';

const sentPages = [
  { path: '/reset-password/email-sent', element: <p>sent (new spelling)</p> },
  { path: '/app/resetPassword/emailSent', element: <p>sent (old spelling)</p> },
];

afterEach(() => vi.unstubAllGlobals());

describe('Reset your password', () => {
  it.each([
    ['/reset-password', 'sent (new spelling)'],
    ['/resetPassword', 'sent (old spelling)'],
  ])('%s sends the e-mail and goes to its e-mail-sent page', async (route, landing) => {
    let sent: unknown;
    stubFetch({
      'POST /api/auth/forgot-password': (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, message: 'sent' });
      },
    });
    const { user } = renderWithProviders(<ResetRequestPage />, { path: route, route, routes: sentPages });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), ' Ann@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(landing)).toBeInTheDocument();
    expect(sent).toEqual({ email: 'ann@example.com' });
  });

  it('says how long to wait when throttled', async () => {
    stubFetch({
      'POST /api/auth/forgot-password': () =>
        errorResponse(429, 'Too Many Requests', messages.auth.tooManyAttempts, { 'retry-after': '45' }),
    });
    const { user } = renderWithProviders(<ResetRequestPage />, {
      path: '/reset-password',
      route: '/reset-password',
    });
    await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 45 seconds.');
  });
});
