import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { anIncident } from '../../testing/incident-fixtures.ts';
import { aDashboardLocation, aLocation, aPerson, dana } from '../../testing/fixtures.ts';
import { DashboardPage } from './dashboard-page.tsx';

const alpha = aDashboardLocation({ id: 1, name: 'Alpha Storage' });
const beta = aDashboardLocation({
  id: 2,
  name: 'Beta Storage',
  incidents: [
    anIncident({
      id: 31,
      locationId: 2,
      incidentTexts: [{ id: 1, incidentNoteText: { text: 'Broken lock' } }],
    }),
  ],
});
const gamma = aDashboardLocation({ id: 3, name: 'Gamma Storage' });

const IncidentRoute = () => {
  const { pathname, state } = useLocation();
  return <p data-testid="incident-route">{JSON.stringify({ pathname, state })}</p>;
};

const renderDashboard = (handlers: FakeHandlers, route = '/app') => {
  const fake = createFakeFetch(handlers);
  vi.stubGlobal('fetch', fake.fetch);
  const rendered = renderWithProviders(<DashboardPage />, {
    route,
    path: '/app',
    routes: [{ path: '/app/incidents/:id', element: <IncidentRoute /> }],
    user: aPerson({ ...dana, id: 7 }),
  });
  return { ...rendered, fake };
};

const cardNames = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('DashboardPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows 'Dashboard' and one card per location, in the user's saved order", async () => {
    const { fake } = renderDashboard({
      'incident.dashboard': () => ({ locations: [alpha, beta, gamma] }),
      'user.tableOrder': () => [
        { id: 11, tableId: 3, tableName: 'Gamma Storage', displayOrder: 0 },
        { id: 12, tableId: 1, tableName: 'Alpha Storage', displayOrder: 1 },
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Gamma Storage' });
    // Saved ones first by their order, then the rest in the API's order.
    expect(cardNames()).toEqual(['Gamma Storage', 'Alpha Storage', 'Beta Storage']);
    expect(fake.callsOf('incident.dashboard')[0]?.params).toEqual({ userId: '7' });
  });

  it('filters the cards by the search box', async () => {
    const { user } = renderDashboard({
      'incident.dashboard': () => ({ locations: [alpha, beta, gamma] }),
      'user.tableOrder': () => [],
    });
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'beta');
    expect(cardNames()).toEqual(['Beta Storage']);
  });

  it('sends the type, location and unresolved filters to the API', async () => {
    const { fake } = renderDashboard(
      {
        'incident.dashboard': () => ({ locations: [beta] }),
        'user.tableOrder': () => [],
        'location.get': () => aLocation({ id: 2, name: 'Beta Storage' }),
      },
      '/app?type=1&location=2&unresolved=true&from=2026-11-01&to=2026-11-10',
    );
    await screen.findByRole('heading', { name: 'Beta Storage' });
    // The location from the address shows by its name in the picker.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Beta Storage'),
    );
    const queries = fake.callsOf('incident.dashboard').map((call) => Object.fromEntries(call.query));
    expect(queries).toContainEqual(
      expect.objectContaining({ typeId: '1', locationId: '2', unresolvedOnly: 'true' }),
    );
    const filtered = queries.find((query) => query.locationId === '2');
    expect(new Date(filtered?.from ?? '').getDate()).toBe(1);
    expect(new Date(filtered?.to ?? '').getDate()).toBe(10);
  });

  it('filters by a location searched on the server and chosen in the picker', async () => {
    const { fake, user } = renderDashboard({
      'incident.dashboard': () => ({ locations: [alpha, beta] }),
      'user.tableOrder': () => [],
      'location.someByUser': () => ({
        locations: [aLocation({ id: 2, name: 'Beta Storage' })],
        totalCount: 1,
      }),
    });
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    const picker = screen.getByRole('combobox', { name: 'Location' });
    await user.click(picker);
    await user.type(picker, 'beta');
    await user.click(await screen.findByRole('option', { name: /Beta Storage/ }));
    await waitFor(() => expect(fake.callsOf('incident.dashboard').at(-1)?.query.get('locationId')).toBe('2'));
    expect(fake.callsOf('location.someByUser').at(-1)?.query.get('searchTerm')).toBe('beta');
  });

  it("says 'Error loading dashboard data' when the call fails", async () => {
    renderDashboard({
      'incident.dashboard': () => fakeError(403, 'Forbidden'),
      'user.tableOrder': () => [],
    });
    expect(await screen.findByText('Error loading dashboard data')).toBeInTheDocument();
  });

  it('opens an incident row at /app/incidents/{id}, recording the dashboard as its origin', async () => {
    const { user } = renderDashboard(
      { 'incident.dashboard': () => ({ locations: [beta] }), 'user.tableOrder': () => [] },
      '/app?type=1',
    );
    await user.click(await screen.findByRole('button', { name: /Broken lock/ }));
    const landed = JSON.parse((await screen.findByTestId('incident-route')).textContent ?? '{}');
    expect(landed).toEqual({ pathname: '/app/incidents/31', state: { from: '/app?type=1' } });
  });
});

describe('DashboardPage reordering', () => {
  // jsdom lays nothing out: give each card a place in one column, so the keyboard moves have somewhere to go.
  const layout = vi.spyOn(Element.prototype, 'getBoundingClientRect');
  beforeEach(() => {
    layout.mockImplementation(function (this: Element) {
      const card = this.closest('[data-testid^="card-"]');
      const index = card ? [...(card.parentElement?.children ?? [])].indexOf(card) : 0;
      const top = index * 300;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        right: 400,
        bottom: top + 280,
        width: 400,
        height: 280,
        toJSON: () => ({}),
      };
    });
  });
  afterEach(() => {
    layout.mockReset();
    vi.unstubAllGlobals();
  });

  it('moves a card with the keyboard and saves the new positions: moved rows by PUT, new rows by POST', async () => {
    type Row = { tableId: number; tableName: string; displayOrder: number };
    const saved = [
      { id: 11, tableId: 1, tableName: 'Alpha Storage', displayOrder: 0 },
      { id: 12, tableId: 2, tableName: 'Beta Storage', displayOrder: 1 },
    ];
    const { user, fake } = renderDashboard({
      'incident.dashboard': () => ({ locations: [alpha, beta, gamma] }),
      'user.tableOrder': () => saved,
      'user.updateTableOrder': ({ params, body }) => ({ ...(body as Row), id: Number(params.orderId) }),
      'user.createTableOrder': ({ body }) => ({ ...(body as Row), id: 13 }),
    });
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    expect(cardNames()).toEqual(['Alpha Storage', 'Beta Storage', 'Gamma Storage']);

    // Gamma up two places: Space picks it up, the arrows move it, Space drops it.
    screen.getByRole('button', { name: 'Move Gamma Storage' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');

    await waitFor(() => expect(cardNames()).toEqual(['Gamma Storage', 'Alpha Storage', 'Beta Storage']));
    await waitFor(() => expect(fake.callsOf('user.createTableOrder')).toHaveLength(1));
    expect(fake.callsOf('user.createTableOrder')[0]?.body).toEqual({
      tableId: 3,
      tableName: 'Gamma Storage',
      displayOrder: 0,
    });
    const moves = fake.callsOf('user.updateTableOrder').map(({ params, body }) => ({ params, body }));
    expect(moves).toEqual(
      expect.arrayContaining([
        { params: { orderId: '11' }, body: { tableId: 1, tableName: 'Alpha Storage', displayOrder: 1 } },
        { params: { orderId: '12' }, body: { tableId: 2, tableName: 'Beta Storage', displayOrder: 2 } },
      ]),
    );
    expect(moves).toHaveLength(2);
    // The saved order is read back after the save.
    await waitFor(() => expect(fake.callsOf('user.tableOrder').length).toBeGreaterThan(1));
    expect(
      within(screen.getByTestId('card-3')).getByRole('heading', { name: 'Gamma Storage' }),
    ).toBeInTheDocument();
  });
});

describe('DashboardPage date range', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['/app?from=2026-11-10&to=2026-11-01', 'From must not be after To'],
    ['/app?from=2999-01-01', 'From must not be in the future'],
  ])('%s is not sent: %s', async (route, message) => {
    const { fake } = renderDashboard(
      { 'incident.dashboard': () => ({ locations: [alpha] }), 'user.tableOrder': () => [] },
      route,
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    for (const call of fake.callsOf('incident.dashboard')) {
      expect(call.query.has('from')).toBe(false);
    }
  });
});
