import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import type { Schedule, WindowStatus } from '@sitewalk/shared/schemas/schedule';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import { aLocation, aPerson } from '../../../testing/fixtures.ts';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../../testing/fake-api.ts';
import { recorderWalk } from '../../../testing/recorder-fixtures.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { Recorder } from '../components/recorder.tsx';
import { RecorderServicesProvider } from '../recorder-services.tsx';
import type { RecordingSession } from '../store/types.ts';
import { createMemoryRecorder, type MemoryRecorder } from '../testing/memory-recorder.ts';
import { TodayHome } from './home-page.tsx';
import { aRecordingSession } from '../testing/recording-session.ts';

// The recorder's outbox indicator reads the app's outbox: here, the test's in-memory one.
const services = vi.hoisted(() => ({ current: null as unknown as MemoryRecorder }));
vi.mock('../store/index.ts', () => ({
  getOutbox: () => services.current.outbox,
  getRecorderStore: () => services.current.store,
}));

afterEach(() => vi.unstubAllGlobals());

const night = recorderWalk();
const morning: Walk = recorderWalk({ id: 8, name: 'Morning round' });
const oak = aLocation({ id: 11, name: 'Oak Court' });
const elm = aLocation({ id: 12, name: 'Elm Yard' });
const employee = aPerson({ id: 5, roleId: Role.Employee });

const at = (hour: number) => `2026-11-26T${String(hour).padStart(2, '0')}:00:00.000Z`;
const window = (id: string, label: string, opens: number, status: WindowStatus) => ({
  windowId: id,
  label,
  opensAt: at(opens),
  closesAt: at(opens + 2),
  status,
  walkReportId: null,
});
const scheduleOf = (locationId: number, windows: [id: string, walkIds: number[]][]): Schedule => ({
  locationId,
  timeZone: 'UTC',
  updatedAt: null,
  windows: windows.map(([id, walkIds]) => ({
    id,
    label: id,
    days: [0, 1, 2, 3, 4, 5, 6],
    start: '08:00',
    end: '10:00',
    walkIds,
    graceMinutes: 15,
  })),
});

const handlers: FakeHandlers = {
  'schedule.today': () => ({
    locations: [
      {
        locationId: 11,
        timeZone: 'UTC',
        date: '2026-11-26',
        windows: [window('w-night', 'Night check', 20, 'open'), window('w-any', 'Morning check', 8, 'done')],
      },
      {
        locationId: 12,
        timeZone: 'UTC',
        date: '2026-11-26',
        windows: [window('w-elm', 'Gate check', 9, 'missed')],
      },
      { locationId: 13, timeZone: 'UTC', date: '2026-11-26', windows: [] },
    ],
  }),
  'schedule.get': ({ params }) =>
    params.locationId === '11'
      ? scheduleOf(11, [
          ['w-night', [7]],
          ['w-any', []],
        ])
      : scheduleOf(12, [['w-elm', []]]),
  // A location shown without a walk to record (so not in the catalog) is read by id for its name.
  'location.get': ({ params }) => (params.id === '11' ? oak : elm),
  'walk.catalog': () => [{ id: oak.id, name: oak.name, walks: [morning, night] }],
};

const renderHome = (more: FakeHandlers = {}, memory = createMemoryRecorder()) => {
  services.current = memory;
  const fake = createFakeFetch({ ...handlers, ...more });
  vi.stubGlobal('fetch', fake.fetch);
  const rendered = renderWithProviders(<TodayHome store={memory.store} />, {
    path: '/app',
    route: '/app',
    user: employee,
    routes: [
      { path: '/app/dashboard', element: <p>the dashboard</p> },
      {
        path: '/app/record',
        element: (
          <RecorderServicesProvider value={memory}>
            <Recorder />
          </RecorderServicesProvider>
        ),
      },
    ],
  });
  return { ...rendered, memory, fake };
};

const windowItem = (name: RegExp) => screen.findByRole('listitem', { name });

describe('the home of the roles that record', () => {
  it("lists today's windows by location, with their times and status", async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    const oakCourt = await screen.findByRole('region', { name: 'Oak Court' });
    expect(
      within(oakCourt)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      expect.stringMatching(/^Night check, 8:00\sPM–10:00\sPM, Open$/),
      expect.stringMatching(/^Morning check, 8:00\sAM–10:00\sAM, Done$/),
    ]);
    // A location without a walk to record is named all the same; one without windows today is not shown.
    expect(screen.getByRole('region', { name: 'Elm Yard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Location 13/ })).not.toBeInTheDocument();
  });

  it("offers Start for the window's own walks, or every walk with markers when the window names none", async () => {
    renderHome();
    const nightCheck = await windowItem(/^Night check/);
    await waitFor(() =>
      expect(
        within(nightCheck)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Start Night round (Night check)']),
    );
    const morningCheck = await windowItem(/^Morning check/);
    expect(
      within(morningCheck)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start Morning round', 'Start Night round']);
    // Filled for a window open now, outlined for one that is done.
    expect(within(nightCheck).getByRole('button')).toHaveClass('MuiButton-contained');
    expect(within(morningCheck).getAllByRole('button')[0]).toHaveClass('MuiButton-outlined');
    const gateCheck = await windowItem(/^Gate check/);
    expect(within(gateCheck).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(gateCheck).getByText('No walk with markers to record for this window yet.'),
    ).toBeInTheDocument();
  });

  it('Start opens the recorder recording that walk, and only once', async () => {
    const { user, memory } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Start Night round (Night check)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Night round' })).toBeInTheDocument();
    await waitFor(() => expect(memory.sessions.size).toBe(1));
    const [session] = [...memory.sessions.values()] as [RecordingSession];
    expect([session.locationId, session.locationName, session.walk.id]).toEqual([11, 'Oak Court', 7]);
    expect(memory.writes.map(({ kind }) => kind)).toEqual(['start']);
  });

  it('the recorder keeps a walk in progress rather than start the one asked for', async () => {
    const memory = createMemoryRecorder({
      sessions: [
        aRecordingSession({ key: 'in-progress', walk: morning, startedAt: new Date().toISOString() }),
      ],
    });
    const { user } = renderHome({}, memory);
    await user.click(await screen.findByRole('button', { name: 'Start Night round (Night check)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning round' })).toBeInTheDocument();
    expect(memory.writes).toEqual([]);
    expect(memory.sessions.size).toBe(1);
  });

  it('the dashboard is one tap away', async () => {
    const { user } = renderHome();
    await user.click(await screen.findByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
  });

  it('says when no location has a window today, and still offers any walk', async () => {
    renderHome({ 'schedule.today': () => ({ locations: [] }) });
    expect(await screen.findByText('None of your locations has a walk window today.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose any walk to record' })).toHaveAttribute(
      'href',
      '/app/record',
    );
  });

  it("says when today's windows cannot be loaded, and still offers any walk", async () => {
    renderHome({ 'schedule.today': () => fakeError(500, 'The schedule is down') });
    expect(await screen.findByText(/Today’s walk windows could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose any walk to record' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Start / })).not.toBeInTheDocument();
  });
});
