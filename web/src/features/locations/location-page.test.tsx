import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import type { WalkReportSummary } from '@sitewalk/shared/schemas/walkReport';
import {
  renderWithFakeApi,
  testAreaManager as areaManager,
  testLocationManager as manager,
} from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aLocation, aPerson } from '../../testing/fixtures.ts';
import { anIncident } from '../../testing/incident-fixtures.ts';
import { aLockCheck } from '../../testing/lock-check-fixtures.ts';
import { LocationPage } from './location-page.tsx';
import { Role } from '@sitewalk/shared/roles';

vi.mock('./components/location-map.tsx', async () => ({
  LocationMap: (await import('./components/fake-location-map.tsx')).FakeLocationMap,
}));

const location = aLocation({ id: 11 });

const aReport = (id: number, overrides: Partial<WalkReportSummary> = {}): WalkReportSummary => ({
  id,
  createdAt: '2026-11-20T10:00:00.000Z',
  startedAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T10:30:00.000Z',
  user: { firstName: 'Walt', lastName: 'Walker' },
  walkId: 4,
  walk: { name: 'Night Round', markerCount: 5 },
  completedMarkerCount: 5,
  firstArrivalAt: '2026-11-20T10:01:00.000Z',
  lastArrivalAt: '2026-11-20T10:29:00.000Z',
  totalTime: '28 min',
  totalMinutes: 28,
  completed: true,
  flagCount: 0,
  ...overrides,
});

const renderLocation = (
  handlers: FakeHandlers,
  {
    route = '/app/locations/11',
    user = areaManager,
    state,
  }: { route?: string; user?: User; state?: unknown } = {},
) => {
  const rendered = renderWithFakeApi(<LocationPage />, handlers, {
    route,
    path: '/app/locations/:id',
    routes: [
      { path: '/app/locations', element: <p>locations list</p> },
      { path: '/app/locations/:id/walk-report/:walkReportId', element: <p>walk report page</p> },
      { path: '/app/locations/:id/create-walks', element: <p>walk setup page</p> },
      { path: '/app/locations/update/:id', element: <p>update page</p> },
      { path: '/app/incidents/:id', element: <p>incident page</p> },
    ],
    user,
  });
  if (state) void rendered.router.navigate(route, { state, replace: true });
  return rendered;
};

const base: FakeHandlers = {
  'location.get': () => location,
  'walkReport.someByLocation': () => ({ walkReports: [aReport(7)], totalCount: 1 }),
};

const cadence = (
  over: Partial<{ everyDays: number; lastFullCheckAt: string | null; dueAt: string | null }> = {},
) => ({
  locationId: 11,
  everyDays: 7,
  lastFullCheckAt: '2026-01-01T15:00:00.000Z',
  dueAt: '2026-01-08T15:00:00.000Z',
  ...over,
});

describe('LocationPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the header, rewrites a bare URL to #walk-reports and lists the walk reports', async () => {
    const { user, router, fake } = renderLocation(base);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Self Storage' })).toBeInTheDocument();
    expect(screen.getByText('1 Harbor Way')).toBeInTheDocument();
    expect(screen.getByText('Springfield, IL 62701')).toBeInTheDocument();
    expect(screen.getByText('Management Company: Acme Storage')).toBeInTheDocument();
    expect(screen.getByText('Area: North Area')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe('#walk-reports'));
    expect(screen.getByRole('tab', { name: 'Walk Reports', selected: true })).toBeInTheDocument();

    const table = within(await screen.findByRole('table', { name: 'Walk Reports' }));
    await table.findByText('Walt Walker');
    expect(table.getByText('Night Round')).toBeInTheDocument();
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Completed',
      'Name',
      'Walk',
      'Flags',
    ]);
    expect(table.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent)).toEqual([
      'Completed',
      'Name',
      'Walk',
      'Id',
      'Total Time',
      'Flags',
    ]);
    expect(Object.fromEntries(fake.callsOf('walkReport.someByLocation')[0]!.query)).toEqual({
      limit: '1000',
      offset: '0',
    });
    await user.click(table.getByText('Walt Walker'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/locations/11/walk-report/7'));
  });

  it.each([
    [0, null],
    [1, '1 flag'],
    [4, '4 flags'],
  ])('shows a report with %i flags in the Flags column', async (flagCount, name) => {
    renderLocation({
      ...base,
      'walkReport.someByLocation': () => ({ walkReports: [aReport(7, { flagCount })], totalCount: 1 }),
    });
    const table = within(await screen.findByRole('table', { name: 'Walk Reports' }));
    await table.findByText('Walt Walker');
    if (name === null) {
      expect(table.queryByTestId('flag-count')).not.toBeInTheDocument();
      expect(table.getByText('No flags')).toBeInTheDocument();
    } else {
      expect(table.getByTestId('flag-count')).toHaveTextContent(name);
    }
  });

  it('names unknown walkers and walks', async () => {
    renderLocation({
      ...base,
      'walkReport.someByLocation': () => ({
        walkReports: [aReport(8, { user: null, walk: null, finishedAt: null, totalTime: 'Not Completed' })],
        totalCount: 1,
      }),
    });
    const table = within(await screen.findByRole('table', { name: 'Walk Reports' }));
    expect(await table.findByText('Unknown User')).toBeInTheDocument();
    expect(table.getByText('Unknown Walk')).toBeInTheDocument();
    expect(table.getByText('Not Completed')).toBeInTheDocument();
  });

  it('pages within the first 1,000 reports, and asks the API for the ones beyond', async () => {
    const { user, fake } = renderLocation({
      ...base,
      'walkReport.someByLocation': (request) => {
        const offset = Number(request.query.get('offset'));
        return {
          walkReports: Array.from({ length: 1000 }, (_, i) => aReport(offset + i + 1)),
          totalCount: 2500,
        };
      },
    });
    const table = within(await screen.findByRole('table', { name: 'Walk Reports' }));
    await screen.findByRole('button', { name: 'Page 2' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(table.getByText('11')).toBeInTheDocument());
    expect(fake.callsOf('walkReport.someByLocation')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Page 250' }));
    await waitFor(() => expect(table.getByText('2491')).toBeInTheDocument());
    expect(Object.fromEntries(fake.callsOf('walkReport.someByLocation').at(-1)!.query)).toEqual({
      limit: '1000',
      offset: '2000',
    });
  });

  it('says so when the walk reports fail', async () => {
    renderLocation({ ...base, 'walkReport.someByLocation': () => fakeError(500, 'Internal Server Error') });
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
  });

  it('lists the lock checks on #lock-checks, newest first, each opening its report', async () => {
    const { fake } = renderLocation(
      {
        ...base,
        'lockCheck.cadence': () => cadence(),
        'lockCheck.someByLocation': () => ({
          lockChecks: [
            aLockCheck({ id: 42, finishedAt: null, openDiscrepancyCount: 0, checkedCount: 1 }),
            aLockCheck(),
          ],
          totalCount: 2,
        }),
      },
      { route: '/app/locations/11#lock-checks' },
    );
    const list = await screen.findByRole('list', { name: 'Lock checks' });
    const [running, finished] = within(list).getAllByRole('link');
    expect(running).toHaveAttribute('href', '/app/locations/11/lock-checks/42');
    expect(running).toHaveTextContent('In progress');
    expect(running).toHaveTextContent('Eli Employee · All units · 1 of 4 units checked (25 %)');
    expect(finished).toHaveAttribute('href', '/app/locations/11/lock-checks/41');
    expect(finished).toHaveTextContent('3 open discrepancies');
    expect(fake.callsOf('lockCheck.someByLocation')[0]?.params).toEqual({ locationId: '11' });
  });

  it('says how a lock check starts when the location has none', async () => {
    renderLocation(
      {
        ...base,
        'lockCheck.cadence': () => cadence({ dueAt: null }),
        'lockCheck.someByLocation': () => ({ lockChecks: [], totalCount: 0 }),
      },
      { route: '/app/locations/11#lock-checks' },
    );
    expect(
      await screen.findByText(
        'No lock checks yet. A walker starts one from Record a Walk once the location has a unit roster.',
      ),
    ).toBeInTheDocument();
  });

  it('says how often the units are checked in full, and lets a Manager change it', async () => {
    let everyDays = 7;
    const { fake, user } = renderLocation(
      {
        ...base,
        'lockCheck.cadence': () => cadence({ everyDays }),
        'lockCheck.setCadence': ({ body }) => {
          everyDays = (body as { everyDays: number }).everyDays;
          return cadence({ everyDays });
        },
        'lockCheck.someByLocation': () => ({ lockChecks: [], totalCount: 0 }),
      },
      { route: '/app/locations/11#lock-checks' },
    );
    const line = await screen.findByTestId('lock-check-cadence');
    expect(line).toHaveTextContent(
      // On the location's clock (Springfield, IL), which the dates name for a viewer on UTC.
      'A full lock check is due every 7 days. Last full check: Jan 1, 2026 (CST). Overdue since Jan 8, 2026 (CST).',
    );
    await user.click(within(line).getByRole('button', { name: 'Change how often' }));
    const days = within(line).getByRole('spinbutton', { name: 'Every how many days' });
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(line).getByRole('button', { name: 'Save' }));
    expect(await within(line).findByText('At least every day')).toBeInTheDocument();
    expect(fake.callsOf('lockCheck.setCadence')).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '3');
    await user.click(within(line).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(line).toHaveTextContent('due every 3 days'));
    expect(fake.callsOf('lockCheck.setCadence')[0]).toMatchObject({
      params: { locationId: '11' },
      body: { everyDays: 3 },
    });
  });

  it('says when the next is due, and does not offer an Employee to change how often', async () => {
    renderLocation(
      {
        ...base,
        'lockCheck.cadence': () => cadence({ lastFullCheckAt: null, dueAt: '2099-01-01T15:00:00.000Z' }),
        'lockCheck.someByLocation': () => ({ lockChecks: [], totalCount: 0 }),
      },
      { route: '/app/locations/11#lock-checks', user: aPerson({ roleId: Role.Employee }) },
    );
    expect(await screen.findByTestId('lock-check-cadence')).toHaveTextContent(
      'A full lock check is due every 7 days. Last full check: none yet. Next due Jan 1, 2099 (CST).',
    );
    expect(screen.queryByRole('button', { name: 'Change how often' })).not.toBeInTheDocument();
  });

  it('lists the employees of the location on #employees', async () => {
    const { fake } = renderLocation(
      {
        ...base,
        'user.someByLocation': () => ({
          users: [aPerson({ id: 5, firstName: 'Erin', lastName: 'Employee', roleId: Role.AssistantManager })],
          totalCount: 1,
        }),
      },
      { route: '/app/locations/11#employees' },
    );
    expect(await screen.findByRole('tab', { name: 'Employees', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Erin Employee' })).toBeInTheDocument();
    expect(fake.callsOf('user.someByLocation')[0]).toMatchObject({ params: { id: '11' } });
  });

  it('shows unresolved incidents first, on the map and in the table; the toggle shows them all', async () => {
    const long = anIncident({
      id: 5,
      locationId: 11,
      incidentTexts: [{ id: 1, incidentNoteText: { text: 'Broken gate at the east entrance' } }],
    });
    const resolved = anIncident({
      id: 6,
      locationId: 11,
      resolved: true,
      resolvedAt: '2026-11-21T10:00:00.000Z',
      incidentTexts: [{ id: 2, incidentNoteText: { text: 'Light out' } }],
    });
    const page = (incidents: ReturnType<typeof anIncident>[]) => ({
      incidents,
      totalCount: incidents.length,
      unresolvedCount: 1,
      page: 1,
      limit: 10,
      totalPages: 1,
    });
    const { user, router, fake } = renderLocation(
      {
        ...base,
        'incident.someByLocation': (request) =>
          request.query.get('unresolvedOnly') === 'true' ? page([long]) : page([long, resolved]),
      },
      { route: '/app/locations/11#incidents' },
    );
    const toggle = await screen.findByRole('switch', { name: 'Unresolved only' });
    expect(toggle).toBeChecked();
    const map = within(
      await screen.findByRole('region', { name: 'Map of the incidents at Harbor Self Storage' }),
    );
    expect(await map.findByText('pin 1: 1 unresolved incident at Harbor Self Storage')).toBeInTheDocument();
    expect(map.getByText('start 39.8, -89.6 zoom 16')).toBeInTheDocument();
    const table = () => within(screen.getByRole('table', { name: 'Incidents' }));
    expect(await table().findByText('Broken gate at the east e...')).toBeInTheDocument();
    expect(table().queryByText('Light out')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(await map.findByText('pin 2: 2 incidents at Harbor Self Storage')).toBeInTheDocument();
    expect(await table().findByText('Light out')).toBeInTheDocument();
    const asked = fake.callsOf('incident.someByLocation').map((r) => r.query.get('unresolvedOnly'));
    expect(asked).toContain('true');
    expect(asked.at(-1)).toBe('false');

    await user.click(table().getByText('Broken gate at the east e...'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/incidents/5'));
    expect(router.state.location.state).toEqual({ from: '/app/locations/11#incidents' });
  });

  it('draws no pin when nothing is unresolved, and says so', async () => {
    renderLocation(
      {
        ...base,
        'incident.someByLocation': () => ({
          incidents: [],
          totalCount: 0,
          unresolvedCount: 0,
          page: 1,
          limit: 10,
          totalPages: 0,
        }),
      },
      { route: '/app/locations/11#incidents' },
    );
    expect(await screen.findByText('0 unresolved incidents on the map')).toBeInTheDocument();
    expect(screen.queryByText(/^pin /)).not.toBeInTheDocument();
    expect(await screen.findByText('No unresolved incidents.')).toBeInTheDocument();
  });

  it('links Setup Walks and Update Location for an Area Manager', async () => {
    const { user, router } = renderLocation(base, { route: '/app/locations/11#setup-walks' });
    await user.click(await screen.findByRole('link', { name: 'Setup Walks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/locations/11/create-walks'));
    await router.navigate('/app/locations/11#update-location');
    await user.click(await screen.findByRole('link', { name: 'Update Location' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/locations/update/11'));
  });

  it('hides Update Location from a Manager, even by its hash', async () => {
    renderLocation(base, { route: '/app/locations/11#update-location', user: manager });
    expect(await screen.findByRole('tab', { name: 'Walk Reports', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Update Location' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Setup Walks' })).toBeInTheDocument();
  });

  it('shows the location handed over in navigation state at once', async () => {
    const { fake } = renderLocation(
      { ...base, 'location.get': () => new Promise(() => undefined) },
      {
        route: '/app/locations/11#walk-reports',
        state: { location: aLocation({ id: 11, name: 'Fresh Storage' }) },
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh Storage' })).toBeInTheDocument();
    expect(fake.callsOf('location.get').length).toBeGreaterThan(0);
  });

  it('shows the error panel when the location is not found', async () => {
    renderLocation({ 'location.get': () => fakeError(404, 'Location not found') });
    expect(await screen.findByText('Location not found')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('refuses an id that is no id without asking the API', async () => {
    const { fake } = renderLocation(base, { route: '/app/locations/abc' });
    expect(await screen.findByText('Location not found')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });
});
