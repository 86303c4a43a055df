import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders, stubFetch } from '../../testing/test-utils.tsx';
import { TopBar } from './top-bar.tsx';
import { aPerson, ada } from '../../testing/fixtures.ts';

const pictureOf = () => screen.getByRole('banner').querySelector('[data-picture]');

afterEach(() => vi.unstubAllGlobals());

describe("the top bar's picture of the signed-in user", () => {
  it('shows the profile picture through its view URL', async () => {
    const { calls } = stubFetch({
      'GET /api/user/profile-image/1/Ada-Lovelace': () =>
        jsonResponse(200, { url: 'https://uploads.test/ada.png', expiresIn: 300 }),
    });
    renderWithProviders(<TopBar />, { user: aPerson({ ...ada, hasProfileImage: true }) });
    await waitFor(() => expect(pictureOf()).toHaveAttribute('src', 'https://uploads.test/ada.png'));
    expect(calls.filter((c) => c.includes('/profile-image/'))).toEqual([
      'GET /api/user/profile-image/1/Ada-Lovelace',
    ]);
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('shows the generic picture when the call fails', async () => {
    stubFetch({
      'GET /api/user/profile-image/1/Ada-Lovelace': () => errorResponse(500, 'Internal Server Error', 'boom'),
    });
    renderWithProviders(<TopBar />, { user: aPerson({ ...ada, hasProfileImage: true }) });
    await waitFor(() => expect(pictureOf()).toHaveAttribute('data-picture', 'generic'));
  });

  it('asks nothing for a user without a picture', () => {
    const { calls } = stubFetch({});
    renderWithProviders(<TopBar />, { user: aPerson(ada) });
    expect(pictureOf()).toHaveAttribute('data-picture', 'generic');
    expect(calls.filter((c) => c.includes('/profile-image/'))).toEqual([]);
  });
});

describe("the top bar's bell", () => {
  it.each([
    [0, 'Alerts', null],
    [3, 'Alerts, 3 unread', '3'],
    [120, 'Alerts, 120 unread', '99+'],
  ])('with %i unread alerts reads "%s" and shows %s', async (count, label, badge) => {
    stubFetch({ 'GET /api/alert/unread-count': () => jsonResponse(200, { unreadCount: count }) });
    renderWithProviders(<TopBar />, { user: aPerson(ada) });
    const bell = await screen.findByRole('link', { name: label });
    expect(bell).toHaveAttribute('href', '/app/alerts');
    const shown = bell.querySelector('.MuiBadge-badge:not(.MuiBadge-invisible)');
    expect(shown?.textContent ?? null).toBe(badge);
  });

  it('shows the bell without a count when the count cannot be read', async () => {
    const { calls } = stubFetch({
      'GET /api/alert/unread-count': () => errorResponse(500, 'Internal Server Error', 'boom'),
    });
    renderWithProviders(<TopBar />, { user: aPerson(ada) });
    await waitFor(() => expect(calls).toContain('GET /api/alert/unread-count'));
    expect(screen.getByRole('link', { name: 'Alerts' })).toBeInTheDocument();
  });
});
