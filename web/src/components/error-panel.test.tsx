import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { ApiError } from '../lib/api-client.ts';
import { jsonResponse, renderWithProviders, stubFetch } from '../testing/test-utils.tsx';
import { ErrorPanel } from './error-panel.tsx';
import { aPerson, ada } from '../testing/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const apiError = (status: number, error: string, message: string) =>
  new ApiError(status, error, { success: false, error, message, validationErrors: null });

describe('ErrorPanel', () => {
  it.each<[string, unknown, string, string]>([
    [
      'Conflict',
      apiError(409, 'Conflict', 'A user with this e-mail already exists'),
      messages.shell.conflict,
      'Try Again',
    ],
    ['Unauthorized', apiError(401, 'Unauthorized', 'Unauthorized'), messages.shell.unauthorized, 'Reset'],
    ['Unknown Error', new Error('Unknown Error'), messages.shell.unknown, 'Try Again'],
    [
      'Internal Server Error',
      apiError(500, 'Internal Server Error', 'x'),
      messages.shell.internal,
      'Try Again',
    ],
    ['any other message', new Error('Failed to fetch users'), 'Failed to fetch users', 'Try Again'],
    ['no message', null, messages.shell.noMessage, 'Try Again'],
    ['a 404 with its message', apiError(404, 'Not Found', 'User not found'), 'User not found', 'Try Again'],
  ])('%s', (_case, error, text, button) => {
    stubFetch({});
    renderWithProviders(<ErrorPanel error={error} />, { user: aPerson(ada) });
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });

  it('takes the message from navigation state on /app/error', async () => {
    stubFetch({});
    const { router } = renderWithProviders(<ErrorPanel />, { user: aPerson(ada), route: '/app' });
    await router.navigate('/app/error', { state: { message: 'Conflict' } });
    expect(await screen.findByText(messages.shell.conflict)).toBeInTheDocument();
  });

  it('logs out with its reset button', async () => {
    const { calls } = stubFetch({
      'POST /api/auth/logout': () => jsonResponse(200, { success: true, message: 'Signed out' }),
    });
    const { user, router } = renderWithProviders(<ErrorPanel error={apiError(401, 'Unauthorized', 'x')} />, {
      path: '/app',
      route: '/app',
      user: aPerson(ada),
      routes: [{ path: '/login', element: <p>login page</p> }],
    });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/auth/logout']);
    expect(router.state.location.pathname).toBe('/login');
  });
});
