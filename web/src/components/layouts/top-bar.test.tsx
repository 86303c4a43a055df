import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  renderWithProviders,
  stubFetch,
  testUser,
} from '../../testing/test-utils.tsx';
import { TopBar } from './top-bar.tsx';

const pictureOf = () => screen.getByRole('banner').querySelector('[data-picture]');

afterEach(() => vi.unstubAllGlobals());

describe("the top bar's picture of the signed-in user", () => {
  it('shows the profile picture through its view URL', async () => {
    const { calls } = stubFetch({
      'GET /api/user/profile-image/1/Ada-Lovelace': () =>
        jsonResponse(200, { url: 'https://uploads.test/ada.png', expiresIn: 300 }),
    });
    renderWithProviders(<TopBar />, { user: testUser({ hasProfileImage: true }) });
    await waitFor(() => expect(pictureOf()).toHaveAttribute('src', 'https://uploads.test/ada.png'));
    expect(calls).toEqual(['GET /api/user/profile-image/1/Ada-Lovelace']);
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('shows the generic picture when the call fails', async () => {
    stubFetch({
      'GET /api/user/profile-image/1/Ada-Lovelace': () => errorResponse(500, 'Internal Server Error', 'boom'),
    });
    renderWithProviders(<TopBar />, { user: testUser({ hasProfileImage: true }) });
    await waitFor(() => expect(pictureOf()).toHaveAttribute('data-picture', 'generic'));
  });

  it('asks nothing for a user without a picture', () => {
    const { calls } = stubFetch({});
    renderWithProviders(<TopBar />, { user: testUser() });
    expect(pictureOf()).toHaveAttribute('data-picture', 'generic');
    expect(calls).toEqual([]);
  });
});
