import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, renderWithProviders, stubFetch, testUser } from '../../testing/test-utils.tsx';
import { AppLayout } from './app-layout.tsx';

const routes = [
  { path: '/login', element: <p>login page</p> },
  {
    path: '/app',
    element: <AppLayout />,
    children: [{ index: true, element: <p>inside the app</p> }],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('the guard of /app', () => {
  it('sends a visitor without a session to /login after one refresh attempt', async () => {
    const { calls } = stubFetch({
      'POST /api/auth/refresh': () => errorResponse(401, 'Unauthorized', 'Unauthorized'),
    });
    renderWithProviders(<p>unused</p>, { path: '/unused', route: '/app', routes });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/auth/refresh']);
  });

  it('lets a signed-in user in', async () => {
    stubFetch({});
    renderWithProviders(<p>unused</p>, { path: '/unused', route: '/app', routes, user: testUser() });
    expect(await screen.findByText('inside the app')).toBeInTheDocument();
  });
});
