import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { Role } from '@sitewalk/shared/roles';
import type { Location } from '@sitewalk/shared/schemas/location';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import { aLocation, aPerson } from '../../../testing/fixtures.ts';
import { createFakeFetch, type FakeHandlers } from '../../../testing/fake-api.ts';
import { recorderMarker, recorderWalk } from '../../../testing/recorder-fixtures.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import type { ShrinkResult } from '../photos/downscale.ts';
import { RecorderServicesProvider } from '../recorder-services.tsx';
import type { OutboxWrite, RecorderCatalog, RecordingSession } from '../store/types.ts';
import { createMemoryRecorder, type MemoryRecorder } from '../testing/memory-recorder.ts';
import { Recorder } from './recorder.tsx';
import { aRecordingSession } from '../testing/recording-session.ts';

// The indicator reads the app's outbox: here, the test's in-memory one.
const services = vi.hoisted(() => ({ current: null as MemoryRecorder | null }));
vi.mock('../store/index.ts', () => ({
  getOutbox: () => services.current!.outbox,
  getRecorderStore: () => services.current!.store,
}));

// ---- navigator.geolocation and navigator.wakeLock, as a phone has them ----
type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;
const geo = {
  watchers: new Map<number, { success: Success; failure?: Failure; options?: PositionOptions }>(),
  next: 1,
};
const geolocation = {
  watchPosition: vi.fn((success: Success, failure?: Failure, options?: PositionOptions) => {
    const id = geo.next++;
    geo.watchers.set(id, { success, failure, options });
    return id;
  }),
  clearWatch: vi.fn((id: number) => void geo.watchers.delete(id)),
  getCurrentPosition: vi.fn(),
};
/** The phone moves to (lat, lng) with this accuracy: every watcher hears it. */
const moveTo = (lat: number, lng: number, accuracy = 5, timestamp = Date.now()) =>
  act(() => {
    for (const { success } of geo.watchers.values())
      success({
        coords: { latitude: lat, longitude: lng, accuracy } as GeolocationCoordinates,
        timestamp,
      } as GeolocationPosition);
  });
const failPosition = (code: 1 | 2 | 3) =>
  act(() => {
    for (const { failure } of geo.watchers.values())
      failure?.({
        code,
        message: 'no',
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError);
  });

const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
const wakeLock = {
  request: vi.fn(async () => {
    const sentinel = {
      released: false,
      release: vi.fn(async () => {
        sentinel.released = true;
      }),
      addEventListener: vi.fn(),
    };
    sentinels.push(sentinel);
    return sentinel;
  }),
};

beforeEach(() => {
  geo.watchers.clear();
  sentinels.length = 0;
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'geolocation');
  Reflect.deleteProperty(navigator, 'wakeLock');
});

// ---- the site ----
const walk = recorderWalk();
const [one, door, three] = walk.markers as [Walk['markers'][0], Walk['markers'][0], Walk['markers'][0]];
const otherWalk: Walk = { ...recorderWalk({ id: 8, name: 'Morning round' }) };
const oak: Location = aLocation({ id: 11, name: 'Oak Court' });
const employee = aPerson({
  id: 5,
  roleId: Role.Employee,
  userToLocation: [{ locationId: oak.id, location: { name: oak.name, organizationId: oak.organizationId } }],
});

const session = (overrides: Partial<RecordingSession> = {}): RecordingSession =>
  aRecordingSession({ walk, startedAt: new Date(Date.now() - 20 * 60_000).toISOString(), ...overrides });

const renderRecorder = (memory: MemoryRecorder = createMemoryRecorder(), handlers: FakeHandlers = {}) => {
  services.current = memory;
  const fake = createFakeFetch({
    // The server leaves out Elm Yard (no walk with markers) and the walk without markers.
    'walk.catalog': () => [{ id: oak.id, name: oak.name, walks: [otherWalk, walk] }],
    'location.get': () => oak,
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.fetch);
  const rendered = renderWithProviders(
    <RecorderServicesProvider value={memory}>
      <Recorder />
    </RecorderServicesProvider>,
    {
      user: employee,
      route: '/app/record',
      routes: [{ path: '/app/locations/:id/walk-report/:reportId', element: <p>report page</p> }],
    },
  );
  return { ...rendered, memory, fake };
};

const kinds = (writes: OutboxWrite[]) => writes.map(({ kind }) => kind);
const completedMarkers = (writes: OutboxWrite[]) =>
  writes.flatMap((write) => (write.kind === 'checkpoint' ? [write] : []));
const rowOf = (label: number) =>
  within(screen.getByRole('region', { name: 'Markers' })).getByRole('button', {
    name: new RegExp(`^Marker ${label}\\b`),
  });
const photo = (name = 'door.jpg', type = 'image/jpeg') => new File(['jpeg bytes'], name, { type });

/** Chooses Oak Court's 'Night round' and starts it. */
const start = async (user: ReturnType<typeof renderRecorder>['user']) => {
  await user.click(await screen.findByRole('combobox', { name: 'Location' }));
  await user.click(screen.getByRole('option', { name: 'Oak Court' }));
  await user.click(screen.getByRole('combobox', { name: 'Walk' }));
  await user.click(screen.getByRole('option', { name: 'Night round' }));
  await user.click(screen.getByRole('button', { name: 'Start walk' }));
  return screen.findByRole('heading', { name: 'Night round' });
};

describe('Recorder: choose', () => {
  it('lists my locations with walks, and only walks with markers; saves the catalog', async () => {
    const { user, memory } = renderRecorder();
    expect(await screen.findByRole('heading', { name: 'Record a Walk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start walk' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    // Elm Yard has no walk: it is not offered.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Oak Court']);
    await user.click(screen.getByRole('option', { name: 'Oak Court' }));
    await user.click(screen.getByRole('combobox', { name: 'Walk' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Morning round',
      'Night round',
    ]);
    await waitFor(() => expect(memory.store.saveCatalog).toHaveBeenCalledTimes(1));
    const saved = memory.catalogs.get(5)!;
    expect(saved.locations.map(({ id, walks }) => [id, walks.map(({ id: walkId }) => walkId)])).toEqual([
      [11, [8, 7]],
    ]);
    expect(screen.queryByText('Offline: showing the walks saved on this device')).not.toBeInTheDocument();
  });

  it('choosing and starting writes a session and its start', async () => {
    const { user, memory } = renderRecorder();
    await start(user);
    expect(screen.getByText('Oak Court')).toBeInTheDocument();
    await waitFor(() => expect(memory.writes).toHaveLength(1));
    const [write] = memory.writes;
    expect(write).toMatchObject({ kind: 'start', walkId: 7 });
    const recorded = memory.sessions.get(write!.session)!;
    expect(recorded).toMatchObject({
      userId: 5,
      locationId: 11,
      locationName: 'Oak Court',
      walkReportId: null,
    });
    expect(recorded.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorded.walk.id).toBe(7);
    // Watching the position with high accuracy, and the screen kept on.
    expect(geolocation.watchPosition.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: true });
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalledWith('screen'));
  });

  it('offline, starts from the walks saved on this device', async () => {
    const catalog: RecorderCatalog = {
      userId: 5,
      savedAt: '2026-11-22T10:00:00.000Z',
      locations: [{ id: 11, name: 'Oak Court', walks: [walk] }],
    };
    const memory = createMemoryRecorder({ catalogs: [catalog] });
    const { user, fake } = renderRecorder(memory, {
      'walk.catalog': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByText('Offline: showing the walks saved on this device')).toBeInTheDocument();
    expect(fake.callsOf('walk.catalog')).toHaveLength(1);
    // The only location and its only walk are chosen already.
    await user.click(screen.getByRole('button', { name: 'Start walk' }));
    expect(await screen.findByRole('heading', { name: 'Night round' })).toBeInTheDocument();
    await waitFor(() => expect(kinds(memory.writes)).toEqual(['start']));
  });

  it('says so when none of my locations has a walk to record', async () => {
    renderRecorder(createMemoryRecorder(), { 'walk.catalog': () => [] });
    expect(await screen.findByText(/None of your locations has a walk to record yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start walk' })).not.toBeInTheDocument();
  });

  it('with no network and nothing saved, says so', async () => {
    renderRecorder(createMemoryRecorder(), {
      'walk.catalog': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByText(/Failed to fetch|offline/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start walk' })).not.toBeInTheDocument();
  });
});

describe('Recorder: recording', () => {
  it('resumes a walk in progress straight in the recording step', async () => {
    const arrival = {
      clientId: 'a1',
      markerId: one.id,
      arrivedAt: new Date().toISOString(),
      lat: one.lat,
      lng: one.lng,
      accuracy: 4,
      method: 'position' as const,
      distance: 1,
    };
    renderRecorder(createMemoryRecorder({ sessions: [session({ arrivals: [arrival] })] }));
    expect(await screen.findByRole('heading', { name: 'Night round' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Record a Walk' })).not.toBeInTheDocument();
    expect(rowOf(1)).toHaveTextContent('Reached');
    expect(rowOf(2)).toHaveTextContent('Next');
    expect(rowOf(3)).toHaveTextContent('Not reached');
    expect(screen.getByText('Waiting for your position…')).toBeInTheDocument();
  });

  it('a fix within reach marks the next marker reached, by position', async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    // 200 m away: nothing.
    await moveTo(one.lat - 0.0018, one.lng, 6);
    expect(screen.getByText('GPS ±6 m')).toBeInTheDocument();
    expect(memory.writes).toEqual([]);
    // 10 m away with ±8 m: reached.
    await moveTo(one.lat - 0.00009, one.lng, 8);
    await waitFor(() => expect(completedMarkers(memory.writes)).toHaveLength(1));
    const [write] = completedMarkers(memory.writes);
    expect(write).toMatchObject({
      isDoor: false,
      arrival: { markerId: one.id, method: 'position', accuracy: 8 },
    });
    expect(write!.arrival.distance).toBeCloseTo(10, 0);
    expect(rowOf(1)).toHaveTextContent('Reached');
    expect(screen.getByRole('button', { name: 'Marker 1, reached' })).toHaveAttribute(
      'data-state',
      'reached',
    );
    expect(screen.getByRole('button', { name: 'Marker 2, next' })).toHaveAttribute('data-highlight', 'true');
    // The same place again records nothing more.
    await moveTo(one.lat - 0.00008, one.lng, 8);
    expect(completedMarkers(memory.writes)).toHaveLength(1);
  });

  it('a fix that passes (timeout) keeps the walk and the last fix; a denied permission shows the alert', async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await moveTo(one.lat - 0.0018, one.lng, 6);
    await failPosition(3);
    expect(screen.getByText('Waiting for your position…')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your position, ±6 m' })).toHaveAttribute('data-stale', 'true');
    await failPosition(2);
    expect(screen.getByRole('heading', { name: 'Night round' })).toBeInTheDocument();
    await failPosition(1);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Location is off')).toBeInTheDocument();
    expect(alert).toHaveTextContent('allow location for this site');
    expect(alert).toHaveTextContent('Mark reached');
    // Still recordable by hand.
    expect(screen.getByRole('button', { name: 'Mark reached' })).toBeEnabled();
  });

  it("'Mark reached' records the selected marker by hand, at the marker with no fix", async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.click(screen.getByRole('button', { name: 'Mark reached' }));
    await waitFor(() => expect(completedMarkers(memory.writes)).toHaveLength(1));
    expect(completedMarkers(memory.writes)[0]!.arrival).toMatchObject({
      markerId: one.id,
      method: 'hand',
      lat: one.lat,
      lng: one.lng,
      accuracy: 0,
      distance: 0,
    });
    // Selecting marker 3 and marking it, with a fix now: at the fix.
    await moveTo(three.lat + 0.001, three.lng, 12);
    await user.click(rowOf(3));
    await user.click(screen.getByRole('button', { name: 'Mark reached' }));
    await waitFor(() => expect(completedMarkers(memory.writes)).toHaveLength(2));
    const arrival = completedMarkers(memory.writes)[1]!.arrival;
    expect(arrival).toMatchObject({ markerId: three.id, method: 'hand', accuracy: 12 });
    expect(arrival.distance).toBeGreaterThan(100);
    expect(screen.getByRole('button', { name: 'Mark reached' })).toBeDisabled();
  });

  it('a door marker opens the door check; saving writes the completed marker with the units, then the photo', async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    memory.doorUnits.set('session-1', [{ markerId: door.id, unit: '104' }]);
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    // At the door with marker 1 skipped: the door is the first marker after the expected one in walk order,
    // within the look-ahead (shared/src/arrival.ts), so the fix there opens the door check. The walker arrived
    // then, a minute before the check is saved.
    const arrived = Date.now() - 60_000;
    await moveTo(door.lat, door.lng, 4, arrived);
    const dialog = await screen.findByRole('dialog', { name: 'Door check' });
    expect(dialog).toHaveTextContent('Take a photo of the door of unit 104.');
    // Not without the photo.
    await user.click(within(dialog).getByRole('button', { name: 'Save door check' }));
    expect(await within(dialog).findByText('Take a photo of the door first')).toBeInTheDocument();
    expect(completedMarkers(memory.writes)).toEqual([]);
    // Not a file the API refuses.
    await user.upload(within(dialog).getByLabelText('Door photo'), photo('door.gif', 'image/gif'));
    expect(within(dialog).getByText(messages.upload.invalidFileType)).toBeInTheDocument();
    const file = photo();
    await user.upload(within(dialog).getByLabelText('Door photo'), file);
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit number seen' }), ' 105 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save door check' }));
    await waitFor(() => expect(kinds(memory.writes)).toEqual(['checkpoint', 'photo']));
    const [completedMarker, picture] = memory.writes;
    expect(completedMarker).toMatchObject({
      kind: 'checkpoint',
      isDoor: true,
      arrival: {
        markerId: door.id,
        method: 'position',
        targetUnit: '104',
        picturedUnit: '105',
        arrivedAt: new Date(arrived).toISOString(),
      },
    });
    // The photo is taken when the check is saved, not at the arrival.
    expect(Date.parse((picture as { photo: { takenAt: string } }).photo.takenAt)).toBeGreaterThan(arrived);
    expect(picture).toMatchObject({
      kind: 'photo',
      blob: file,
      contentType: 'image/jpeg',
      photo: { markerId: door.id, door: true, lat: door.lat, lng: door.lng, accuracy: 4 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf(2)).toHaveTextContent('Reached');
  });

  it('cancelling the door check leaves the marker unreached, and does not ask again at the same spot', async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.click(rowOf(2));
    await moveTo(door.lat, door.lng, 4);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Door check' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await moveTo(door.lat, door.lng, 3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowOf(2)).toHaveTextContent(/Next|Not reached/);
    expect(memory.writes).toEqual([]);
    // By hand it opens again, recorded by hand; a door with no range asks no unit.
    await user.click(rowOf(2));
    await user.click(screen.getByRole('button', { name: 'Mark reached' }));
    expect(await screen.findByRole('dialog', { name: 'Door check' })).toBeInTheDocument();
  });

  it('asks the unit the API drew as the walk started, the same after a reload, never one drawn on the phone', async () => {
    // Each Math.random the phone could draw with names another unit of '101-105, 110'.
    let turn = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => (turn++ % 6) / 6);
    const memory = createMemoryRecorder({ sessions: [session()] });
    memory.doorUnits.set('session-1', [{ markerId: door.id, unit: '107' }]);
    const openCheck = async (user: ReturnType<typeof renderRecorder>['user']) => {
      await screen.findByRole('heading', { name: 'Night round' });
      await user.click(rowOf(2));
      await user.click(screen.getByRole('button', { name: 'Mark reached' }));
      return screen.findByRole('dialog', { name: 'Door check' });
    };
    const first = renderRecorder(memory);
    const dialog = await openCheck(first.user);
    expect(dialog).toHaveTextContent('Take a photo of the door of unit 107.');
    // Reopened: the same unit.
    await first.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await first.user.click(screen.getByRole('button', { name: 'Mark reached' }));
    expect(await screen.findByRole('dialog', { name: 'Door check' })).toHaveTextContent('unit 107.');
    // Reloaded: the same unit.
    first.unmount();
    const second = renderRecorder(memory);
    expect(await openCheck(second.user)).toHaveTextContent('Take a photo of the door of unit 107.');
    expect(memory.writes).toEqual([]);
  });

  it("waits for the unit until the walk's start is answered, asking the outbox to send it", async () => {
    const memory = createMemoryRecorder({ sessions: [session()], status: { waiting: 1 } });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.click(rowOf(2));
    await user.click(screen.getByRole('button', { name: 'Mark reached' }));
    const dialog = await screen.findByRole('dialog', { name: 'Door check' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      "Waiting for SiteWalk to name the unit to check: it does once this walk's start is sent.",
    );
    expect(dialog).not.toHaveTextContent('of unit');
    await waitFor(() => expect(memory.outbox.flush).toHaveBeenCalled());
    // The start is answered: the outbox learns the units and its status changes.
    memory.doorUnits.set('session-1', [{ markerId: door.id, unit: '104' }]);
    act(() => memory.setStatus({ waiting: 0 }));
    expect(await within(dialog).findByText(/Take a photo of the door of unit 104\./)).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Door photo'), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Save door check' }));
    await waitFor(() => expect(completedMarkers(memory.writes)).toHaveLength(1));
    expect(completedMarkers(memory.writes)[0]!.arrival).toMatchObject({
      markerId: door.id,
      targetUnit: '104',
    });
  });

  it('a door with no unit range asks only for the photo', async () => {
    const noRange = recorderWalk({
      markers: [recorderMarker({ id: 81, label: 1, isDoor: true, unitNumberRange: '' })],
    });
    const memory = createMemoryRecorder({ sessions: [session({ walk: noRange })] });
    memory.doorUnits.set('session-1', []);
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.click(screen.getByRole('button', { name: 'Mark reached' }));
    const dialog = await screen.findByRole('dialog', { name: 'Door check' });
    expect(dialog).toHaveTextContent('Take a photo of the door.');
    expect(dialog).not.toHaveTextContent('of unit');
    await user.upload(within(dialog).getByLabelText('Door photo'), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Save door check' }));
    await waitFor(() => expect(kinds(memory.writes)).toEqual(['checkpoint', 'photo']));
    expect(completedMarkers(memory.writes)[0]!.arrival).toMatchObject({
      method: 'hand',
      targetUnit: '',
      picturedUnit: '',
    });
  });

  it('notes: an empty one is refused with the shared message; a note is written at the selected marker', async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.click(rowOf(3));
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await within(dialog).findByText(messages.validation.noteRequired)).toBeInTheDocument();
    expect(memory.writes).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Gate left open');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(kinds(memory.writes)).toEqual(['note']));
    expect(memory.writes[0]).toMatchObject({ note: { markerId: three.id, note: 'Gate left open' } });
  });

  it("'Add photo' writes a photo at the selected marker with the time and the fix", async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await moveTo(one.lat + 0.0005, one.lng, 9);
    const file = photo('gate.png', 'image/png');
    await user.upload(screen.getByLabelText('Add photo'), file);
    await waitFor(() => expect(kinds(memory.writes)).toEqual(['photo']));
    expect(memory.writes[0]).toMatchObject({
      blob: file,
      contentType: 'image/png',
      photo: { markerId: one.id, door: false, lat: one.lat + 0.0005, accuracy: 9 },
    });
    expect(screen.getByLabelText('Add photo')).toHaveAttribute('capture', 'environment');
    expect(screen.getByLabelText('Add photo')).toHaveAttribute('accept', 'image/*');
  });

  it("'Add photo' refuses a file the API does not take, and records nothing", async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.upload(screen.getByLabelText('Add photo'), photo('scan.heic', 'image/heic'));
    expect(await screen.findByText(messages.upload.invalidFileType)).toBeInTheDocument();
    expect(memory.writes).toEqual([]);
  });

  it("'Add photo' queues the smaller JPEG the phone made, taken where and when the photo was picked", async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    let finish: (result: ShrinkResult) => void = () => {};
    memory.shrinkPhoto.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await moveTo(one.lat, one.lng, 5);
    const file = photo('big.png', 'image/png');
    await user.upload(screen.getByLabelText('Add photo'), file);
    expect(memory.shrinkPhoto).toHaveBeenCalledWith(file);
    expect(await screen.findByText(messages.photo.preparing)).toBeInTheDocument();
    // The walker moves on while the photo is prepared: the photo keeps the fix of the moment it was picked.
    await moveTo(one.lat + 0.001, one.lng, 30);
    expect(kinds(memory.writes)).toEqual(['checkpoint']);
    const smaller = new Blob(['smaller jpeg'], { type: 'image/jpeg' });
    act(() => finish({ kind: 'shrunk', blob: smaller, width: 2048, height: 1536 }));
    await waitFor(() => expect(kinds(memory.writes)).toEqual(['checkpoint', 'photo']));
    expect(memory.writes[1]).toMatchObject({
      blob: smaller,
      contentType: 'image/jpeg',
      photo: { markerId: one.id, door: false, lat: one.lat, accuracy: 5 },
    });
    expect(await screen.findByText('Photo saved')).toBeInTheDocument();
  });

  it("'Add photo': a photo this browser cannot open (HEIC) gets a clear message, and nothing is recorded", async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    memory.shrinkPhoto.mockResolvedValue({ kind: 'undecodable' });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.upload(screen.getByLabelText('Add photo'), photo('IMG_0001.HEIC', 'image/heic'));
    expect(await screen.findByText(messages.photo.unreadable)).toBeInTheDocument();
    // Some phones give HEIC no type at all.
    await user.upload(screen.getByLabelText('Add photo'), photo('IMG_0002.HEIC', ''));
    expect(await screen.findByText(messages.photo.unreadable)).toBeInTheDocument();
    expect(memory.writes).toEqual([]);
    expect(screen.queryByText('Photo saved')).not.toBeInTheDocument();
  });

  it("'Add photo': a JPEG the phone cannot make smaller is sent as taken within 10 MB, with a word; over it, refused", async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    memory.shrinkPhoto.mockResolvedValue({ kind: 'undecodable' });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    const huge = new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Add photo'), huge);
    expect(await screen.findByText(messages.photo.unreadableTooLarge)).toBeInTheDocument();
    expect(memory.writes).toEqual([]);

    const file = photo('odd.jpg');
    await user.upload(screen.getByLabelText('Add photo'), file);
    await waitFor(() => expect(kinds(memory.writes)).toEqual(['photo']));
    expect(memory.writes[0]).toMatchObject({ blob: file, contentType: 'image/jpeg' });
    expect(await screen.findByText(messages.photo.sentAsTaken)).toBeInTheDocument();
    expect(screen.queryByText(messages.photo.unreadableTooLarge)).not.toBeInTheDocument();
  });

  it('the door check waits for its photo to be prepared, then saves the smaller one', async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    memory.doorUnits.set('session-1', [{ markerId: door.id, unit: '104' }]);
    let finish: (result: ShrinkResult) => void = () => {};
    memory.shrinkPhoto.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.click(rowOf(2));
    await moveTo(door.lat, door.lng, 4);
    const dialog = await screen.findByRole('dialog', { name: 'Door check' });
    await user.upload(within(dialog).getByLabelText('Door photo'), photo('door.jpg'));
    expect(await within(dialog).findByText(messages.photo.preparing)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Door photo')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save door check' }));
    expect(await within(dialog).findByText(messages.photo.stillPreparing)).toBeInTheDocument();
    expect(memory.writes).toEqual([]);
    const smaller = new Blob(['smaller jpeg'], { type: 'image/jpeg' });
    act(() => finish({ kind: 'shrunk', blob: smaller, width: 1536, height: 2048 }));
    expect(await within(dialog).findByText('Photo ready: door.jpg')).toBeInTheDocument();
    expect(within(dialog).queryByText(messages.photo.stillPreparing)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save door check' }));
    await waitFor(() => expect(kinds(memory.writes)).toEqual(['checkpoint', 'photo']));
    expect(memory.writes[1]).toMatchObject({ kind: 'photo', blob: smaller, contentType: 'image/jpeg' });
  });

  it('incidents: priority and note required; saved with its photos', async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.click(screen.getByRole('button', { name: 'Report incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report incident' });
    await user.click(within(dialog).getByRole('button', { name: 'Save incident' }));
    expect(await within(dialog).findByText('Choose a priority')).toBeInTheDocument();
    expect(within(dialog).getByText(messages.validation.noteRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Priority' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Critical',
      'Important',
      'Regular',
    ]);
    await user.click(screen.getByRole('option', { name: 'Critical' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Broken gate');
    const input = within(dialog).getByLabelText('Incident photos');
    expect(input).toHaveAttribute('multiple');
    const smaller = new Blob(['smaller jpeg'], { type: 'image/jpeg' });
    memory.shrinkPhoto.mockResolvedValueOnce({ kind: 'shrunk', blob: smaller, width: 2048, height: 1536 });
    await user.upload(input, [photo('a.jpg'), photo('b.jpg')]);
    expect(await within(dialog).findByText('2 photos')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save incident' }));
    await waitFor(() => expect(kinds(memory.writes)).toEqual(['incident']));
    expect(memory.writes[0]).toMatchObject({
      kind: 'incident',
      locationId: 11,
      typeId: 1,
      note: 'Broken gate',
    });
    const saved = (memory.writes[0] as Extract<OutboxWrite, { kind: 'incident' }>).photos;
    expect(saved).toHaveLength(2);
    // The first made smaller on the phone, the second already small enough to keep.
    expect(saved[0]).toMatchObject({ blob: smaller, contentType: 'image/jpeg' });
  });

  it('shows what the outbox holds', async () => {
    const memory = createMemoryRecorder({ sessions: [session()], status: { waiting: 3, online: false } });
    renderRecorder(memory);
    expect(await screen.findByRole('status')).toHaveTextContent('Offline — 3 items waiting to send');
    act(() => memory.setStatus({ online: true, waiting: 1 }));
    expect(screen.getByRole('status')).toHaveTextContent('1 item waiting to send');
    act(() => memory.setStatus({ waiting: 0 }));
    expect(screen.getByRole('status')).toHaveTextContent('All sent');
  });
});

describe('Recorder: finish', () => {
  const reachedAll = (minutesApart: number) =>
    walk.markers.map((marker, i) => ({
      clientId: `a${i}`,
      markerId: marker.id,
      arrivedAt: new Date(Date.now() - (walk.markers.length - i) * minutesApart * 60_000).toISOString(),
      lat: marker.lat,
      lng: marker.lng,
      accuracy: 3,
      method: 'position' as const,
      distance: 1,
    }));

  it('a complete walk: the summary, then finished with the report link once the API has it', async () => {
    const memory = createMemoryRecorder({ sessions: [session({ arrivals: reachedAll(4) })] });
    const { user, router } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.click(screen.getByRole('button', { name: 'Finish walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish this walk?' });
    expect(dialog).toHaveTextContent('Reached 3 of 3 markers');
    expect(dialog).toHaveTextContent('Missed: none');
    expect(dialog).toHaveTextContent('Time: 8 min');
    expect(dialog).toHaveTextContent('Completed');
    expect(dialog).not.toHaveTextContent('Not Completed');
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'Walk finished' })).toBeInTheDocument();
    await waitFor(() => expect(memory.closed).toEqual(['session-1']));
    expect(kinds(memory.writes)).toEqual(['finish']);
    expect(memory.sessions.get('session-1')?.finishedAt).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'View report' })).not.toBeInTheDocument();
    memory.reportIds.set('session-1', 42);
    const link = await screen.findByRole('link', { name: 'View report' }, { timeout: 4000 });
    expect(link).toHaveAttribute('href', '/app/locations/11/walk-report/42');
    await user.click(screen.getByRole('button', { name: 'Record another walk' }));
    expect(await screen.findByRole('heading', { name: 'Record a Walk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/record');
  });

  it("an incomplete walk: missed markers named, 'Not Completed'; 'Keep walking' goes on", async () => {
    const memory = createMemoryRecorder({ sessions: [session({ arrivals: reachedAll(4).slice(0, 1) })] });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await user.click(screen.getByRole('button', { name: 'Finish walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish this walk?' });
    expect(dialog).toHaveTextContent('Reached 1 of 3 markers');
    expect(dialog).toHaveTextContent('Missed: Marker 2, Marker 3');
    expect(dialog).toHaveTextContent('Time: 20 min');
    expect(dialog).toHaveTextContent('Not Completed');
    await user.click(within(dialog).getByRole('button', { name: 'Keep walking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(memory.writes).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Night round' })).toBeInTheDocument();
  });

  it('releases the wake lock when the walk ends', async () => {
    const memory = createMemoryRecorder({ sessions: [session()] });
    const { user } = renderRecorder(memory);
    await screen.findByRole('heading', { name: 'Night round' });
    await waitFor(() => expect(sentinels).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Finish walk' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Finish' }));
    await screen.findByRole('heading', { name: 'Walk finished' });
    await waitFor(() => expect(sentinels[0]!.released).toBe(true));
    expect(geolocation.clearWatch).toHaveBeenCalled();
  });
});
