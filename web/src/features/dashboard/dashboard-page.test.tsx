import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { PortfolioLocation, PortfolioPage } from '@sitewalk/shared/schemas/portfolio';
import { createTestQueryClient, renderWithFakeApi } from '../../testing/test-utils.tsx';
import { stubScreenWidth } from '../../testing/viewport.ts';
import { createFakeFetch, fakeError, type FakeHandlers, type FakeRequest } from '../../testing/fake-api.ts';
import { anIncident } from '../../testing/incident-fixtures.ts';
import {
  aLocation,
  aPerson,
  aPortfolioLocation,
  aPortfolioSummary,
  anOrganization,
  dana,
} from '../../testing/fixtures.ts';
import { TODAY_REFRESH_MS } from '../../api/schedules.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { prefetchDashboard } from './dashboard-query.ts';

const north = { id: 3, name: 'North Area' };
const south = { id: 4, name: 'South Area' };
const alpha = aPortfolioLocation({ id: 1, name: 'Alpha Storage', organization: north });
const beta = aPortfolioLocation({
  id: 2,
  name: 'Beta Storage',
  organization: north,
  incidents: [
    anIncident({
      id: 31,
      locationId: 2,
      incidentTexts: [{ id: 1, incidentNoteText: { text: 'Broken lock' } }],
    }),
  ],
});
const gamma = aPortfolioLocation({ id: 3, name: 'Gamma Storage', organization: south });

/** Today's windows of a location of one morning window in `status`. */
const morning = (status: 'dueSoon' | 'missed') => ({
  state: status,
  timeZone: 'America/Chicago',
  windows: [
    {
      windowId: 'morning',
      label: 'Morning walk',
      opensAt: '2026-11-24T13:00:00.000Z',
      closesAt: '2026-11-24T16:00:00.000Z',
      status,
      walkReportId: null,
    },
  ],
});

/** The first and only page, with the summary it carries (of as many locations, unless given). */
const onePage = (
  locations: PortfolioLocation[],
  summary = aPortfolioSummary({ locationCount: locations.length }),
): PortfolioPage => ({
  locations,
  nextCursor: null,
  totalCount: locations.length,
  summary,
});

const PlaceRoute = () => {
  const { pathname, state } = useLocation();
  return <p data-testid="landed">{JSON.stringify({ pathname, state })}</p>;
};

/** Answers every call the dashboard makes; `handlers` replace some. */
const renderDashboard = (handlers: FakeHandlers = {}, route = '/app') =>
  renderWithFakeApi(
    <DashboardPage />,
    {
      'incident.portfolioPage': () => onePage([alpha, beta, gamma]),
      'organization.someByUser': () => ({ organizations: [], totalCount: 0 }),
      'user.dashboardView': () => ({ view: 'cards' }),
      'user.tableOrder': () => [],
      ...handlers,
    },
    {
      route,
      path: '/app',
      routes: [
        { path: '/app/incidents/:id', element: <PlaceRoute /> },
        { path: '/app/locations/:id', element: <PlaceRoute /> },
      ],
      user: aPerson({ ...dana, id: 7 }),
    },
  );

const cardNames = () =>
  screen
    .getAllByRole('region')
    .map((region) => within(region).getByRole('heading', { level: 2 }).textContent);
const pageQueries = (fake: { callsOf: (name: 'incident.portfolioPage') => FakeRequest[] }) =>
  fake.callsOf('incident.portfolioPage').map((call) => Object.fromEntries(call.query));

describe('DashboardPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows 'Dashboard', the summary, and a card per location of the first page, by attention", async () => {
    const { fake } = renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    expect(cardNames()).toEqual(['Alpha Storage', 'Beta Storage', 'Gamma Storage']);
    // A card's name takes the user to its location.
    expect(
      within(screen.getByRole('region', { name: 'Gamma Storage' })).getByRole('link', {
        name: 'Gamma Storage',
      }),
    ).toHaveAttribute('href', '/app/locations/3');
    expect(pageQueries(fake)).toEqual([{ order: 'attention' }]);
    expect(await screen.findByRole('heading', { name: '3 locations' })).toBeInTheDocument();
    // Today's windows come with the page: no call of their own.
    expect(fake.callsOf('schedule.today')).toEqual([]);
    expect(fake.callsOf('incident.dashboard')).toEqual([]);
  });

  it('draws every card of a full page, in its order, the first ones with the summary and the rest after', async () => {
    const page = Array.from({ length: 24 }, (_, index) =>
      aPortfolioLocation({ id: index + 1, name: `Storage ${index + 1}`, organization: north }),
    );
    renderDashboard({ 'incident.portfolioPage': () => onePage(page) });
    await screen.findByRole('heading', { name: 'Storage 1' });
    await waitFor(() => expect(screen.getAllByRole('region')).toHaveLength(24), { timeout: 10_000 });
    expect(cardNames()).toEqual(page.map((location) => location.name));
    // One area heading: the first cards and the rest are one run of the area.
    expect(screen.getAllByRole('heading', { level: 2, name: 'North Area' })).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 24 of 24 locations');
  });

  it("draws each card's windows of today from its row", async () => {
    renderDashboard({
      'incident.portfolioPage': () =>
        onePage([
          aPortfolioLocation({
            id: 1,
            name: 'Alpha Storage',
            today: morning('missed'),
          }),
        ]),
    });
    const card = await screen.findByRole('region', { name: 'Alpha Storage' });
    expect(within(card).getByRole('list', { name: "Today's walk windows" })).toHaveTextContent(
      'Morning walk · Missed',
    );
  });

  it('heads each area as it changes along the list', async () => {
    renderDashboard();
    await screen.findByRole('heading', { name: 'Gamma Storage' });
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
      .filter((text) => text !== '3 locations');
    expect(headings).toEqual(['North Area', 'Alpha Storage', 'Beta Storage', 'South Area', 'Gamma Storage']);
  });

  it('filters the locations to a summary figure, says so, and clears the filter', async () => {
    // The server answers the whole portfolio's summary with every first page, filtered or not.
    const summary = aPortfolioSummary({
      locationCount: 3,
      today: { walked: 1, dueSoon: 0, missed: 2, pending: 0, noWindows: 0 },
      openIncidents: { 1: 1, 2: 0, 3: 4 },
      flaggedReportsLastWeek: 5,
    });
    const { user, fake } = renderDashboard({
      'incident.portfolioPage': ({ query }) =>
        onePage(query.get('show') === 'missed' ? [alpha, gamma] : [alpha, beta, gamma], summary),
    });
    await screen.findByRole('heading', { name: 'Beta Storage' });
    // Every figure with its count, in the colours of the cards.
    const missed = await screen.findByRole('link', { name: 'Missed today: 2' });
    expect(missed).toHaveAttribute('data-tone', 'error');
    expect(screen.getByRole('link', { name: 'Walked today: 1' })).toHaveAttribute('data-tone', 'success');
    expect(screen.getByRole('link', { name: 'Due soon: 0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Critical open: 1' })).toHaveAttribute('data-tone', 'error');
    expect(screen.getByRole('link', { name: 'Important open: 0' })).toHaveAttribute('data-tone', 'neutral');
    expect(screen.getByRole('link', { name: 'Regular open: 4' })).toHaveAttribute('data-tone', 'info');
    expect(screen.getByRole('link', { name: 'Flagged last week: 5' })).toHaveAttribute(
      'data-tone',
      'warning',
    );

    await user.click(missed);
    await waitFor(() => expect(cardNames()).toEqual(['Alpha Storage', 'Gamma Storage']));
    expect(pageQueries(fake).at(-1)).toEqual({ order: 'attention', show: 'missed' });
    expect(screen.getByText('Filtered to missed today')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Missed today: 2' })).toHaveAttribute('aria-current', 'true');
    // The summary stays the whole portfolio's.
    expect(screen.getByRole('link', { name: 'Walked today: 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(cardNames()).toEqual(['Alpha Storage', 'Beta Storage', 'Gamma Storage']));
    expect(screen.queryByText('Filtered to missed today')).not.toBeInTheDocument();
  });

  it('opens filtered from the address', async () => {
    const { fake } = renderDashboard({}, '/app?show=flagged');
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    expect(screen.getByText('Filtered to flagged last week')).toBeInTheDocument();
    expect(pageQueries(fake)).toEqual([{ order: 'attention', show: 'flagged' }]);
  });

  it('loads the next page with the cursor and says how many are shown of all', async () => {
    const { user, fake } = renderDashboard({
      'incident.portfolioPage': ({ query }) =>
        query.get('cursor') === 'after-beta'
          ? { locations: [gamma], nextCursor: null, totalCount: 3 }
          : { locations: [alpha, beta], nextCursor: 'after-beta', totalCount: 3 },
    });
    await screen.findByRole('heading', { name: 'Beta Storage' });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 3 locations');
    expect(cardNames()).toEqual(['Alpha Storage', 'Beta Storage']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Gamma Storage' });
    expect(cardNames()).toEqual(['Alpha Storage', 'Beta Storage', 'Gamma Storage']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 of 3 locations');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(pageQueries(fake)).toEqual([{ order: 'attention' }, { order: 'attention', cursor: 'after-beta' }]);
  });

  describe('each minute (today’s windows change as the day goes)', () => {
    const windowsOf = (name: string) =>
      within(screen.getByRole('region', { name })).getByRole('list', { name: "Today's walk windows" });

    beforeEach(() => {
      // Only the minute's timer: Testing Library and the fake API keep their own.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('reads the locations of several pages again in one request, not one per page', async () => {
      let status: 'dueSoon' | 'missed' = 'dueSoon';
      const { user, fake } = renderDashboard({
        'incident.portfolioPage': ({ query }) => {
          const gammaNow = { ...gamma, today: morning(status) };
          const summary = aPortfolioSummary({
            locationCount: 3,
            today: { walked: 0, dueSoon: 0, missed: status === 'missed' ? 1 : 0, pending: 2, noWindows: 0 },
          });
          if (query.get('limit') === '3') return onePage([alpha, beta, gammaNow], summary);
          return query.get('cursor') === 'after-beta'
            ? { locations: [gammaNow], nextCursor: null, totalCount: 3 }
            : { locations: [alpha, beta], nextCursor: 'after-beta', totalCount: 3, summary };
        },
      });
      await screen.findByRole('heading', { name: 'Beta Storage' });
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByRole('heading', { name: 'Gamma Storage' });
      expect(windowsOf('Gamma Storage')).toHaveTextContent('Morning walk · Due soon');
      expect(screen.getByRole('link', { name: 'Missed today: 0' })).toBeInTheDocument();

      status = 'missed';
      vi.advanceTimersByTime(TODAY_REFRESH_MS);
      await waitFor(() => expect(windowsOf('Gamma Storage')).toHaveTextContent('Morning walk · Missed'));
      expect(pageQueries(fake)).toEqual([
        { order: 'attention' },
        { order: 'attention', cursor: 'after-beta' },
        { order: 'attention', limit: '3' },
      ]);
      // The summary with them, from the first page's answer.
      expect(screen.getByRole('link', { name: 'Missed today: 1' })).toBeInTheDocument();
      // The same locations, in the same order, the whole time; every one loaded, so no more to load.
      expect(cardNames()).toEqual(['Alpha Storage', 'Beta Storage', 'Gamma Storage']);
      expect(screen.getByRole('status')).toHaveTextContent('Showing 3 of 3 locations');
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

      // The next minute reads that one page again, as it is.
      vi.advanceTimersByTime(TODAY_REFRESH_MS);
      await waitFor(() => expect(pageQueries(fake)).toHaveLength(4));
      expect(pageQueries(fake)[3]).toEqual({ order: 'attention', limit: '3' });
    });

    it('reads a single page again as it was first asked for, and then loads the next one as usual', async () => {
      let status: 'dueSoon' | 'missed' = 'dueSoon';
      const { user, fake } = renderDashboard({
        'incident.portfolioPage': ({ query }) =>
          query.get('cursor') === 'after-beta'
            ? { locations: [gamma], nextCursor: null, totalCount: 3 }
            : {
                locations: [{ ...alpha, today: morning(status) }, beta],
                nextCursor: 'after-beta',
                totalCount: 3,
              },
      });
      await screen.findByRole('heading', { name: 'Beta Storage' });
      expect(windowsOf('Alpha Storage')).toHaveTextContent('Morning walk · Due soon');

      status = 'missed';
      vi.advanceTimersByTime(TODAY_REFRESH_MS);
      await waitFor(() => expect(windowsOf('Alpha Storage')).toHaveTextContent('Morning walk · Missed'));
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByRole('heading', { name: 'Gamma Storage' });
      expect(pageQueries(fake)).toEqual([
        { order: 'attention' },
        { order: 'attention' },
        { order: 'attention', cursor: 'after-beta' },
      ]);
    });
  });

  it('filters by a location searched on the server in the picker, which names a location from the address', async () => {
    const { user, fake } = renderDashboard(
      {
        'location.get': () => aLocation({ id: 2, name: 'Beta Storage' }),
        'location.someByUser': () => ({
          locations: [aLocation({ id: 3, name: 'Gamma Storage' })],
          totalCount: 1,
        }),
      },
      '/app?location=2',
    );
    // On a phone's width, as here, the filters are behind their button.
    await user.click(await screen.findByRole('button', { name: 'Filters (1)' }));
    const picker = await screen.findByRole('combobox', { name: 'Location' });
    await waitFor(() => expect(picker).toHaveValue('Beta Storage'));
    await user.clear(picker);
    await user.type(picker, 'gam');
    await user.click(await screen.findByRole('option', { name: /Gamma Storage/ }));
    await waitFor(() => expect(pageQueries(fake).at(-1)?.locationId).toBe('3'));
    expect(fake.callsOf('location.someByUser').at(-1)?.query.get('searchTerm')).toBe('gam');
  });

  it('sends the search (once typing pauses), type, location, unresolved, range and area to the server', async () => {
    const { user, fake } = renderDashboard(
      {
        'organization.someByUser': () => ({
          organizations: [anOrganization(north), anOrganization(south)],
          totalCount: 2,
        }),
      },
      '/app?type=1&location=2&unresolved=true&from=2026-11-01&to=2026-11-10&area=4',
    );
    await screen.findByRole('heading', { name: 'Beta Storage' });
    const first = pageQueries(fake)[0];
    expect(first).toEqual(
      expect.objectContaining({
        typeId: '1',
        locationId: '2',
        unresolvedOnly: 'true',
        organizationId: '4',
        order: 'attention',
      }),
    );
    expect(new Date(first?.from ?? '').getDate()).toBe(1);
    expect(new Date(first?.to ?? '').getDate()).toBe(10);

    // On a phone's width, as here, the filters are behind their button, which counts the ones set.
    await user.click(screen.getByRole('button', { name: 'Filters (5)' }));
    expect(screen.getByRole('button', { name: 'Filters (5)' })).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'beta');
    // The debounce's wait, then the call: longer than waitFor's default on a loaded machine.
    await waitFor(() => expect(pageQueries(fake).at(-1)?.searchTerm).toBe('beta'), { timeout: 3000 });
    // Not a call per keystroke.
    expect(pageQueries(fake).filter((query) => query.searchTerm)).toHaveLength(1);
  });

  it('filters by an area the server finds as the user types (offered from two areas up), never loading them all', async () => {
    const scope = [north, south, { id: 5, name: 'East Harbor' }].map(anOrganization);
    const { user, fake } = renderDashboard({
      'organization.someByUser': ({ query }) => {
        const term = (query.get('searchTerm') ?? '').toLowerCase();
        const found = scope.filter((area) => area.name.toLowerCase().includes(term));
        return { organizations: found, totalCount: found.length };
      },
    });
    const picker = await screen.findByRole('combobox', { name: 'Area' }, { timeout: 8000 });
    expect(picker).toHaveAttribute('placeholder', 'All areas');
    await user.type(picker, 'harb');
    await user.click(await screen.findByRole('option', { name: 'East Harbor' }));
    await waitFor(() => expect(pageQueries(fake).at(-1)?.organizationId).toBe('5'));
    expect(fake.callsOf('organization.someByUser').at(-1)?.query.get('searchTerm')).toBe('harb');
    expect(fake.callsOf('organization.allByUser')).toHaveLength(0);
  });

  it('offers no Area filter to a user of one area', async () => {
    renderDashboard({
      'organization.someByUser': () => ({ organizations: [anOrganization(north)], totalCount: 1 }),
    });
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    expect(screen.queryByRole('combobox', { name: 'Area' })).not.toBeInTheDocument();
  });

  it('takes the first screen the router asked for from the address, without asking again', async () => {
    // Prepare: the router's loader (app/routes/start-early.ts) asked before the page's code ran.
    const address = 'type=1&area=4&show=missed&q=beta&from=2026-11-01';
    const queryClient = createTestQueryClient();
    const early = createFakeFetch({
      'incident.portfolioPage': () => onePage([alpha, beta, gamma]),
      'user.dashboardView': () => ({ view: 'cards' }),
    });
    vi.stubGlobal('fetch', early.fetch);
    await prefetchDashboard(queryClient, new URLSearchParams(address));

    // Act
    const { fake: page } = renderWithFakeApi(
      <DashboardPage />,
      {
        'incident.portfolioPage': () => onePage([alpha, beta, gamma]),
        'organization.someByUser': () => ({ organizations: [], totalCount: 0 }),
        'user.dashboardView': () => ({ view: 'cards' }),
      },
      { route: `/app?${address}`, path: '/app', queryClient, user: aPerson({ ...dana, id: 7 }) },
    );

    // Assess: the cards and the summary at once; each of the two asked for once, by the loader, not the page.
    expect(cardNames()).toEqual(['Alpha Storage', 'Beta Storage', 'Gamma Storage']);
    expect(screen.getByRole('link', { name: /^Missed today: / })).toBeInTheDocument();
    for (const name of ['incident.portfolioPage', 'user.dashboardView'] as const) {
      expect(early.callsOf(name)).toHaveLength(1);
      expect(page.callsOf(name)).toHaveLength(0);
    }
    expect(pageQueries(early)[0]).toEqual(
      expect.objectContaining({ typeId: '1', organizationId: '4', show: 'missed', searchTerm: 'beta' }),
    );
  });

  it('shows the filters without a button from a tablet’s width up', async () => {
    stubScreenWidth(1024);
    renderDashboard();
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    // The fields are drawn just after the first screen, in places kept for them.
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });

  it("says 'Error loading dashboard data' when the page cannot be read", async () => {
    renderDashboard({ 'incident.portfolioPage': () => fakeError(403, 'Forbidden') });
    expect(await screen.findByText('Error loading dashboard data')).toBeInTheDocument();
  });

  it('opens an incident row at /app/incidents/{id}, recording the dashboard as its origin', async () => {
    const { user } = renderDashboard({}, '/app?type=1');
    await user.click(await screen.findByRole('button', { name: /Broken lock/ }));
    const landed = JSON.parse((await screen.findByTestId('landed')).textContent ?? '{}');
    expect(landed).toEqual({ pathname: '/app/incidents/31', state: { from: '/app?type=1' } });
  });
});

describe('DashboardPage table view', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('switches to the table, keeps the choice for the user, and links each row to its location', async () => {
    const { user, fake } = renderDashboard({
      'incident.portfolioPage': () =>
        onePage([
          { ...alpha, today: { ...alpha.today, state: 'missed' }, openIncidents: { 1: 2, 2: 0, 3: 1 } },
          beta,
        ]),
      'user.setDashboardView': ({ body }) => body as { view: 'table' },
    });
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    await user.click(screen.getByRole('button', { name: 'Table' }));

    // The table's code loads when it is chosen (its first import here is slow on a loaded machine).
    const table = await screen.findByRole('table', { name: 'Locations' }, { timeout: 10_000 });
    expect(fake.callsOf('user.setDashboardView').map((call) => call.body)).toEqual([{ view: 'table' }]);
    expect(screen.queryByRole('region', { name: 'Alpha Storage' })).not.toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Alpha Storage/ });
    expect(within(row).getByText('Missed')).toBeInTheDocument();
    expect(within(row).getByLabelText('Critical open: 2')).toHaveAttribute('data-tone', 'error');
    expect(within(table).getByRole('rowheader', { name: 'North Area' })).toBeInTheDocument();

    await user.click(within(row).getByRole('link', { name: 'Alpha Storage' }));
    expect(JSON.parse((await screen.findByTestId('landed')).textContent ?? '{}').pathname).toBe(
      '/app/locations/1',
    );
  });

  it('opens in the view the user kept', async () => {
    renderDashboard({ 'user.dashboardView': () => ({ view: 'table' }) });
    expect(await screen.findByRole('table', { name: 'Locations' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('goes back to the cards when the choice cannot be kept', async () => {
    const { user } = renderDashboard({ 'user.setDashboardView': () => fakeError(500, 'Boom') });
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(await screen.findByText('The view could not be kept.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('DashboardPage reordering in My order', () => {
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

  it('offers no drag in the attention order', async () => {
    renderDashboard();
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  });

  it('asks for the saved order, moves a card with the keyboard and saves the positions of the loaded ones', async () => {
    type Row = { tableId: number; tableName: string; displayOrder: number };
    const saved = [
      { id: 11, tableId: 1, tableName: 'Alpha Storage', displayOrder: 0 },
      { id: 12, tableId: 2, tableName: 'Beta Storage', displayOrder: 1 },
    ];
    const { user, fake } = renderDashboard({
      'user.tableOrder': () => saved,
      'user.updateTableOrder': ({ params, body }) => ({ ...(body as Row), id: Number(params.orderId) }),
      'user.createTableOrder': ({ body }) => ({ ...(body as Row), id: 13 }),
    });
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    await user.click(screen.getByRole('button', { name: 'My order' }));
    await waitFor(() => expect(pageQueries(fake).at(-1)).toEqual({ order: 'mine' }));
    // No area headings in the user's own order: one list to drag in.
    // The drag-and-drop's code loads when this order is chosen (its first import here is slow on a loaded
    // machine).
    await screen.findByRole('button', { name: 'Move Gamma Storage' }, { timeout: 10_000 });
    expect(cardNames()).toEqual(['Alpha Storage', 'Beta Storage', 'Gamma Storage']);
    expect(screen.queryByRole('heading', { name: 'North Area' })).not.toBeInTheDocument();

    // Gamma up two places: Space picks it up, the arrows move it, Space drops it.
    (await screen.findByRole('button', { name: 'Move Gamma Storage' })).focus();
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
    // The saved order and the page in it are read back after the save.
    await waitFor(() => expect(fake.callsOf('user.tableOrder').length).toBeGreaterThan(1));
    await waitFor(() => expect(pageQueries(fake).filter((query) => query.order === 'mine').length).toBe(2));
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
    const { fake } = renderDashboard({}, route);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Alpha Storage' });
    for (const query of pageQueries(fake)) expect(query).not.toHaveProperty('from');
  });
});
