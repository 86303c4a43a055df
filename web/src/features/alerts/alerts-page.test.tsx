import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Role } from '@sitewalk/shared/roles';
import type { Alert } from '@sitewalk/shared/schemas/alert';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aLocation, aPerson, dana } from '../../testing/fixtures.ts';
import { AlertsPage } from './alerts-page.tsx';

const anAlert = (overrides: Partial<Alert> = {}): Alert => ({
  id: 1,
  kind: 'missed',
  locationId: 4,
  location: { name: 'Harbor Self Storage' },
  window: {
    id: 'morning',
    label: 'Morning walk',
    date: '2026-11-20',
    opensAt: '2026-11-20T15:00:00.000Z',
    closesAt: '2026-11-20T18:00:00.000Z',
  },
  walkReportId: null,
  taskId: null,
  message: 'Morning walk at Harbor Self Storage was missed (07:00–10:00)',
  createdAt: '2026-11-20T18:15:00.000Z',
  readAt: null,
  ...overrides,
});

const pageOf = (alerts: Alert[], unreadCount = alerts.filter((a) => !a.readAt).length, totalPages = 1) => ({
  alerts,
  totalCount: alerts.length,
  unreadCount,
  page: 1,
  limit: 10,
  totalPages,
});

const renderAlerts = (handlers: FakeHandlers, roleId: number = Role.Manager) => {
  const fake = createFakeFetch({
    // Only the locations of the alerts shown are read.
    'location.get': ({ params }) =>
      params.id === '4'
        ? aLocation({ id: 4, name: 'Harbor Self Storage' })
        : aLocation({ id: 6, name: 'Elm Street' }),
    // The location filter searches on the server.
    'location.someByUser': () => ({ locations: [aLocation({ id: 6, name: 'Elm Street' })], totalCount: 1 }),
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return {
    ...renderWithProviders(<AlertsPage />, {
      route: '/app/alerts',
      user: aPerson({
        ...dana,
        roleId: roleId as never,
        userToLocation: [
          { locationId: 4, location: { name: 'Harbor Self Storage', organizationId: 3 } },
          { locationId: 6, location: { name: 'Elm Street', organizationId: 3 } },
        ],
      }),
    }),
    fake,
  };
};

const cardOf = (message: string) => screen.getByRole('article', { name: message });

describe('AlertsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each alert with its kind, message, location and day; unread ones say New', async () => {
    renderAlerts({
      'alert.some': () =>
        pageOf([
          anAlert(),
          anAlert({
            id: 2,
            kind: 'incomplete',
            walkReportId: 31,
            message: 'Evening walk at Elm Street was incomplete',
            location: { name: 'Elm Street' },
            locationId: 6,
            readAt: '2026-11-21T08:00:00.000Z',
          }),
        ]),
    });
    const missed = await screen.findByRole('article', { name: anAlert().message });
    expect(within(missed).getByText('Missed · New')).toBeInTheDocument();
    expect(within(missed).getByText(/^Harbor Self Storage · .*Nov.*20 · raised /)).toBeInTheDocument();
    const incomplete = cardOf('Evening walk at Elm Street was incomplete');
    expect(within(incomplete).getByText('Incomplete')).toBeInTheDocument();
    expect(within(incomplete).getByRole('link', { name: 'Open walk report' })).toHaveAttribute(
      'href',
      '/app/locations/6/walk-report/31',
    );
    expect(within(missed).queryByRole('link', { name: 'Open walk report' })).not.toBeInTheDocument();
  });

  it("offers a Manager 'Create task' prefilled from the alert, not for an overdue task's own alert", async () => {
    renderAlerts({
      'alert.some': () =>
        pageOf([
          anAlert(),
          anAlert({
            id: 3,
            kind: 'taskOverdue',
            taskId: 9,
            window: null,
            message: 'Fix the gate is overdue',
          }),
        ]),
    });
    const missed = await screen.findByRole('article', { name: anAlert().message });
    const href =
      (await within(missed).findByRole('link', { name: 'Create task' })).getAttribute('href') ?? '';
    const url = new URL(href, 'http://app.test');
    expect(url.pathname).toBe('/app/tasks/new');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      alertId: '1',
      locationId: '4',
      title: anAlert().message,
    });
    const overdue = cardOf('Fix the gate is overdue');
    expect(within(overdue).queryByRole('link', { name: 'Create task' })).not.toBeInTheDocument();
    expect(within(overdue).getByRole('link', { name: 'Open task' })).toHaveAttribute('href', '/app/tasks/9');
  });

  it("does not offer an Employee 'Create task'", async () => {
    renderAlerts({ 'alert.some': () => pageOf([anAlert()]) }, Role.Employee);
    const missed = await screen.findByRole('article', { name: anAlert().message });
    expect(within(missed).queryByRole('link', { name: 'Create task' })).not.toBeInTheDocument();
  });

  it('asks for unread alerts first, and sends the kind, location and unread filters from page 1', async () => {
    const { fake, user } = renderAlerts({ 'alert.some': () => pageOf([anAlert()], 1, 3) });
    await screen.findByRole('article', { name: anAlert().message });
    const lastQuery = () => Object.fromEntries(fake.callsOf('alert.some').at(-1)!.query);
    expect(lastQuery()).toMatchObject({ offset: '0', limit: '10', unreadOnly: 'true' });

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ offset: '10' }));

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Missed' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ offset: '0', kind: 'missed' }));

    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'elm');
    await user.click(await screen.findByRole('option', { name: /Elm Street/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ kind: 'missed', locationId: '6' }));

    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(lastQuery().unreadOnly).not.toBe('true'));
  });

  it('marks one read, then all read, and asks for the list again', async () => {
    let alerts = [anAlert(), anAlert({ id: 2, message: 'Evening walk at Harbor Self Storage was missed' })];
    const { fake, user } = renderAlerts({
      'alert.some': () => pageOf(alerts),
      'alert.unreadCount': () => ({ unreadCount: alerts.filter((a) => !a.readAt).length }),
      'alert.markRead': ({ params, body }) => {
        const { read } = body as { read: boolean };
        alerts = alerts.map((a) =>
          a.id === Number(params.id) ? { ...a, readAt: read ? '2026-11-21T09:00:00.000Z' : null } : a,
        );
        return alerts.find((a) => a.id === Number(params.id))!;
      },
      'alert.markAllRead': () => {
        alerts = alerts.map((a) => ({ ...a, readAt: '2026-11-21T09:00:00.000Z' }));
        return { updated: 1 };
      },
    });
    const first = await screen.findByRole('article', { name: anAlert().message });
    await user.click(within(first).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(fake.callsOf('alert.markRead')).toHaveLength(1));
    expect(fake.callsOf('alert.markRead')[0]).toMatchObject({
      params: { id: '1' },
      body: { read: true },
    });
    expect(await within(first).findByRole('button', { name: 'Mark unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(fake.callsOf('alert.markAllRead')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled());
  });

  it('says there is nothing unread, and shows the API’s error when the list fails', async () => {
    const { unmount } = renderAlerts({ 'alert.some': () => pageOf([]) });
    expect(await screen.findByText('No unread alerts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    unmount();
    vi.unstubAllGlobals();

    renderAlerts({ 'alert.some': () => fakeError(500, 'The alerts are not available') });
    expect(await screen.findByText('The alerts are not available')).toBeInTheDocument();
  });
});
