import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { WalkReport } from '@sitewalk/shared/schemas/walkReport';
import type { Marker } from '@sitewalk/shared/schemas/walk';
import { renderWithFakeApi } from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { formatInstant } from '@sitewalk/shared/time';
import { aLocation, aPerson, dana } from '../../testing/fixtures.ts';
import { aWalkReport } from '../../testing/walk-report-fixtures.ts';
import { mapCalls } from '../../testing/react-map-gl-stub.tsx';
import { WalkReportPage } from './walk-report-page.tsx';

const aMarker = (id: number, label: number, overrides: Partial<Marker> = {}): Marker => ({
  id,
  walkId: 3,
  label,
  lat: Number((36.8 + label / 1000).toFixed(3)),
  lng: Number((-119.7 + label / 1000).toFixed(3)),
  notes: '',
  unitNumberRange: '',
  hasUnitRange: false,
  isDoor: false,
  order: label - 1,
  ...overrides,
});

const completedMarker = (
  id: number,
  markerId: number,
  arrivedAt: string,
  overrides: Partial<WalkReport['CompletedMarker'][number]> = {},
): WalkReport['CompletedMarker'][number] => ({
  id,
  markerId,
  arrivedAt,
  receivedAt: arrivedAt,
  lat: 36.8,
  lng: -119.7,
  accuracy: 5,
  method: 'position',
  distance: 3.2,
  farFromMarker: false,
  isDoor: false,
  targetUnit: null,
  picturedUnit: null,
  unitRead: null,
  ...overrides,
});

/** The unit check of a completed marker: its verdict, and each figure by its label. */
const unitCheckIn = (item: HTMLElement) => {
  const check = within(item).getByTestId('unit-check');
  const terms = within(check).getAllByRole('term');
  const definitions = within(check).getAllByRole('definition');
  return {
    verdict: within(check).getByText(/^(Matched|Mismatch|Reading photo…)$/).textContent,
    ...Object.fromEntries(terms.map((term, i) => [term.textContent, definitions[i]?.textContent])),
  };
};

type Photo = WalkReport['markerImage'][number];
const aPhoto = (overrides: Partial<Photo> = {}): Photo => ({
  walkReportId: 9,
  markerId: 32,
  imageName: 'door.jpg',
  imageUrl: 'https://storage.test/door.jpg?sig=1',
  takenAt: '2026-11-20T17:21:30.000Z',
  lat: 36.802,
  lng: -119.698,
  ...overrides,
});

const aReport = (overrides: Partial<WalkReport> = {}): WalkReport =>
  aWalkReport({
    walk: {
      name: 'Night round',
      locationId: 4,
      markers: [aMarker(31, 1), aMarker(32, 2, { isDoor: true }), aMarker(33, 3), aMarker(34, 4)],
    },
    // Out of order on purpose: the list follows the arrivals.
    CompletedMarker: [
      completedMarker(2, 32, '2026-11-20T17:20:00.000Z', {
        isDoor: true,
        targetUnit: '105',
        picturedUnit: '106',
      }),
      completedMarker(1, 31, '2026-11-20T17:10:00.000Z'),
    ],
    walkNote: [{ id: 1, markerId: 31, note: 'Gate chain loose' }],
    markerImage: [aPhoto()],
    markerCount: 4,
    completedMarkerCount: 2,
    firstArrivalAt: '2026-11-20T17:10:00.000Z',
    lastArrivalAt: '2026-11-20T17:20:00.000Z',
    ...overrides,
  });

const renderReport = (handlers: FakeHandlers, path = '/app/locations/4/walk-report/9') => {
  return renderWithFakeApi(<WalkReportPage />, handlers, {
    route: path,
    path: '/app/locations/:id/walk-report/:walkReportId',
    user: aPerson(dana),
  });
};

const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('WalkReportPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('says it is loading, then shows who walked, the walk, date, times and total time', async () => {
    const { fake } = renderReport({ 'walkReport.get': () => aReport() });
    expect(await screen.findByText('Loading walk report...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Night round' })).toBeInTheDocument();
    // The report, then its location, whose time zone its times are read in.
    await waitFor(() =>
      expect(fake.calls.map((c) => [c.name, c.request.params])).toEqual([
        ['walkReport.get', { walkReportId: '9' }],
        ['location.get', { id: '4' }],
      ]),
    );
    expect(detail('Walked By')).toHaveTextContent('Dana Walker');
    expect(detail('Walk')).toHaveTextContent('Night round');
    const started = new Date('2026-11-20T17:05:00.000Z');
    expect(detail('Date')).toHaveTextContent(started.toLocaleDateString(undefined, { dateStyle: 'medium' }));
    expect(detail('Started')).toHaveTextContent(
      started.toLocaleTimeString(undefined, { timeStyle: 'short' }),
    );
    expect(detail('Finished')).toHaveTextContent(
      new Date('2026-11-20T17:40:00.000Z').toLocaleTimeString(undefined, { timeStyle: 'short' }),
    );
    expect(detail('Total Time')).toHaveTextContent('Not Completed');
    expect(screen.queryByText('Loading walk report...')).not.toBeInTheDocument();
  });

  it("shows the times in the location's zone, as its PDF does, for a browser in UTC", async () => {
    vi.stubEnv('TZ', 'UTC');
    // The walk: started at 7:04 PM in Los Angeles, 3:04 AM the next day in UTC.
    renderReport({
      'walkReport.get': () =>
        aReport({
          startedAt: '2026-11-25T03:04:00.000Z',
          finishedAt: '2026-11-25T03:41:00.000Z',
          CompletedMarker: [completedMarker(1, 31, '2026-11-25T03:10:00.000Z')],
        }),
      'location.get': () => aLocation({ id: 4, latitude: 34.05, longitude: -118.24 }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Night round' });
    // The PDF writes 'Started' with the same rule in the location's zone: formatInstant(…, 'time', zone).
    const onPdf = formatInstant('2026-11-25T03:04:00.000Z', 'time', 'America/Los_Angeles');
    expect(onPdf).toBe('7:04 PM');
    await waitFor(() => expect(detail('Started')).toHaveTextContent(`${onPdf} PST`));
    expect(detail('Date')).toHaveTextContent('Nov 24, 2026 (PST)');
    expect(detail('Finished')).toHaveTextContent('7:41 PM PST');
    const list = screen.getByRole('list', { name: 'Completed Markers' });
    expect(within(list).getByText(/Arrived/)).toHaveTextContent('Arrived 7:10 PM PST');
  });

  it("shows the API's total time of a completed walk", async () => {
    renderReport({
      'walkReport.get': () => aReport({ totalTime: '25 min', totalMinutes: 25, completed: true }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Night round' });
    expect(detail('Total Time')).toHaveTextContent('25 min');
  });

  it("says 'Unknown User' and 'Unknown Walk' when the report has neither, and maps the completed markers", async () => {
    renderReport({ 'walkReport.get': () => aReport({ user: null, walk: null }) });
    await screen.findByRole('heading', { level: 1, name: 'Unknown Walk' });
    expect(detail('Walked By')).toHaveTextContent('Unknown User');
    expect(detail('Walk')).toHaveTextContent('Unknown Walk');
    await screen.findByRole('region', { name: 'Walk report map' });
    const map = screen.getByTestId('map');
    // Without the walk, the completed markers' own positions, numbered by arrival.
    expect(within(map).getByRole('button', { name: 'Point 1, reached' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Point 2, door, reached' })).toBeInTheDocument();
  });

  it('lists the completed markers by arrival, with the door photo badge and the unit check', async () => {
    renderReport({ 'walkReport.get': () => aReport() });
    const list = await screen.findByRole('list', { name: 'Completed Markers' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Point 1');
    expect(items[0]).toHaveTextContent(
      `Arrived ${new Date('2026-11-20T17:10:00.000Z').toLocaleTimeString(undefined, { timeStyle: 'short' })}`,
    );
    expect(within(items[0]!).queryByText('Picture: Taken')).not.toBeInTheDocument();
    expect(within(items[0]!).queryByTestId('unit-check')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Point 2 (Door)');
    expect(within(items[1]!).getByText('Picture: Taken')).toBeInTheDocument();
    // No door photo SiteWalk read (the photo has no reading): the walker's unit is judged, and it says so.
    expect(unitCheckIn(items[1]!)).toEqual({
      verdict: 'Mismatch',
      Requested: '105',
      'Detected (as typed, no photo read)': '106',
    });
    // Arrivals by position near their marker carry no flag.
    expect(screen.queryAllByTestId('flag')).toEqual([]);
  });

  it('flags beside the arrival one marked by hand and one far from its marker, with the distance in metres', async () => {
    renderReport({
      'walkReport.get': () =>
        aReport({
          CompletedMarker: [
            completedMarker(1, 31, '2026-11-20T17:10:00.000Z', { method: 'hand', distance: 4 }),
            completedMarker(2, 32, '2026-11-20T17:20:00.000Z', { distance: 61.6, farFromMarker: true }),
            completedMarker(3, 33, '2026-11-20T17:30:00.000Z', {
              method: 'hand',
              distance: 1112.4,
              farFromMarker: true,
            }),
            // Measured from nothing (the marker left the walk): no distance, no flag.
            completedMarker(4, 99, '2026-11-20T17:35:00.000Z', { distance: null }),
            completedMarker(5, 34, '2026-11-20T17:38:00.000Z', { distance: 24.9 }),
          ],
        }),
    });
    const items = within(await screen.findByRole('list', { name: 'Completed Markers' })).getAllByRole(
      'listitem',
    );
    const flagsOf = (item: HTMLElement) =>
      within(item)
        .queryAllByTestId('flag')
        .map((f) => f.textContent);
    expect(items.map(flagsOf)).toEqual([
      ['Marked by hand'],
      ['Far from marker (62 m)'],
      ['Marked by hand', 'Far from marker (1112 m)'],
      [],
      [],
    ]);
    // Beside the arrival time, on the same line.
    const arrival = within(items[2]!).getByText(/^Arrived /);
    expect(arrival.parentElement).toContainElement(within(items[2]!).getByText('Marked by hand'));
  });

  it("says 'Matched' when the pictured unit is the one asked for, and 'None' for an empty unit", async () => {
    renderReport({
      'walkReport.get': () =>
        aReport({
          CompletedMarker: [
            completedMarker(1, 31, '2026-11-20T17:10:00.000Z', {
              isDoor: true,
              targetUnit: '105',
              picturedUnit: '105',
            }),
            completedMarker(2, 32, '2026-11-20T17:20:00.000Z', {
              isDoor: true,
              targetUnit: '',
              picturedUnit: '106',
            }),
            completedMarker(3, 33, '2026-11-20T17:30:00.000Z', {
              isDoor: true,
              targetUnit: '107',
              picturedUnit: null,
            }),
          ],
          markerImage: [],
        }),
    });
    const items = within(await screen.findByRole('list', { name: 'Completed Markers' })).getAllByRole(
      'listitem',
    );
    const typed = 'Detected (as typed, no photo read)';
    expect(unitCheckIn(items[0]!)).toEqual({ verdict: 'Matched', Requested: '105', [typed]: '105' });
    expect(unitCheckIn(items[1]!)).toEqual({ verdict: 'Mismatch', Requested: 'None', [typed]: '106' });
    expect(unitCheckIn(items[2]!)).toEqual({ verdict: 'Mismatch', Requested: '107', [typed]: 'None' });
    // A door without a photo has no badge.
    expect(screen.queryByText('Picture: Taken')).not.toBeInTheDocument();
  });

  it('judges a door by the unit SiteWalk read on its photo, pending until read, with what the walker typed beside it', async () => {
    const read = (unit: string | null, confidence: number | null = null) => ({
      status: unit ? ('read' as const) : ('unreadable' as const),
      unit,
      confidence,
    });
    const door = (id: number, markerId: number, overrides: Partial<WalkReport['CompletedMarker'][number]>) =>
      completedMarker(id, markerId, `2026-11-20T17:${10 + id}:00.000Z`, { isDoor: true, ...overrides });
    renderReport({
      'walkReport.get': () =>
        aReport({
          CompletedMarker: [
            // Read as asked, though the walker typed another unit.
            door(1, 31, { targetUnit: '105', picturedUnit: '106', unitRead: read('105', 97) }),
            // Read another unit than asked; the walker typed the asked one.
            door(2, 32, { targetUnit: '104', picturedUnit: '104', unitRead: read('868', 88) }),
            // Nothing readable on the photo.
            door(3, 33, { targetUnit: '107', picturedUnit: '', unitRead: read(null) }),
            // A unit within the requested range.
            door(4, 34, { targetUnit: '100-120, 130', picturedUnit: '130', unitRead: read('130', 91) }),
            // Still being read (or not arrived yet).
            door(5, 35, {
              targetUnit: '110',
              picturedUnit: '110',
              unitRead: { status: 'pending', unit: null, confidence: null },
            }),
          ],
        }),
    });
    const items = () =>
      within(screen.getByRole('list', { name: 'Completed Markers' })).getAllByRole('listitem');
    await screen.findByRole('list', { name: 'Completed Markers' });
    expect(items().map(unitCheckIn)).toEqual([
      { verdict: 'Matched', Requested: '105', Detected: '10597 % sure', 'Walker entered': '106' },
      { verdict: 'Mismatch', Requested: '104', Detected: '86888 % sure', 'Walker entered': '104' },
      { verdict: 'Mismatch', Requested: '107', Detected: 'None', 'Walker entered': 'None' },
      { verdict: 'Matched', Requested: '100-120, 130', Detected: '13091 % sure', 'Walker entered': '130' },
      { verdict: 'Reading photo…', Requested: '110', Detected: 'Reading…', 'Walker entered': '110' },
    ]);
  });

  it('draws the route through the points in order, reached and missed told apart', async () => {
    renderReport({ 'walkReport.get': () => aReport() });
    await screen.findByRole('region', { name: 'Walk report map' });
    const map = screen.getByTestId('map');
    expect(within(map).getByRole('button', { name: 'Point 1, reached' })).toHaveAttribute(
      'data-state',
      'reached',
    );
    expect(within(map).getByRole('button', { name: 'Point 2, door, reached' })).toHaveAttribute(
      'data-state',
      'door',
    );
    expect(within(map).getByRole('button', { name: 'Point 3, missed' })).toHaveAttribute(
      'data-state',
      'missed',
    );
    expect(within(map).getByRole('button', { name: 'Point 4, missed' })).toBeInTheDocument();
    const route = JSON.parse(within(map).getByTestId('map-source').dataset.geojson ?? '{}') as {
      geometry: { coordinates: number[][] };
    };
    expect(route.geometry.coordinates).toHaveLength(4);
    expect(route.geometry.coordinates[0]).toEqual([-119.699, 36.801]);
    // The map opens on the whole walk.
    expect(mapCalls.fitBounds.at(-1)?.bounds).toEqual([
      [-119.699, 36.801],
      [-119.696, 36.804],
    ]);
    expect(screen.getByRole('list', { name: 'Map legend' })).toHaveTextContent('ReachedMissedDoor');
  });

  it('opens a point’s notes and photo from its pin, and says when there is no image', async () => {
    const { user } = renderReport({ 'walkReport.get': () => aReport() });
    await screen.findByRole('region', { name: 'Walk report map' });
    const map = screen.getByTestId('map');
    await user.click(within(map).getByRole('button', { name: 'Point 1, reached' }));
    const popup = await screen.findByTestId('map-popup');
    expect(within(popup).getByRole('list', { name: 'Notes at point 1' })).toHaveTextContent(
      'Gate chain loose',
    );
    expect(within(popup).getByText('No Image Available')).toBeInTheDocument();

    await user.click(within(map).getByRole('button', { name: 'Point 2, door, reached' }));
    const photo = await screen.findByRole('img', { name: 'Photo at point 2' });
    expect(photo).toHaveAttribute('src', 'https://storage.test/door.jpg?sig=1');
    expect(screen.queryByText('No Image Available')).not.toBeInTheDocument();
    // When it was taken, in local time as the screen's other times.
    expect(photo.closest('figure')).toHaveTextContent(
      `Taken ${new Date('2026-11-20T17:21:30.000Z').toLocaleTimeString(undefined, { timeStyle: 'short' })}`,
    );

    await user.click(screen.getByRole('button', { name: 'Close popup' }));
    expect(screen.queryByTestId('map-popup')).not.toBeInTheDocument();
  });

  it("says 'No Image Available' when a photo's link could not be made", async () => {
    const { user } = renderReport({
      'walkReport.get': () => aReport({ markerImage: [aPhoto({ imageUrl: null })] }),
    });
    await screen.findByRole('region', { name: 'Walk report map' });
    const map = screen.getByTestId('map');
    await user.click(within(map).getByRole('button', { name: 'Point 2, door, reached' }));
    expect(await screen.findByText('No Image Available')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Photo/ })).not.toBeInTheDocument();
  });

  it('shows a photo without its time when the phone sent none', async () => {
    const { user } = renderReport({
      'walkReport.get': () =>
        aReport({
          markerImage: [
            aPhoto({ takenAt: null, lat: null, lng: null }),
            aPhoto({ imageName: 'second.jpg', imageUrl: 'https://storage.test/second.jpg?sig=2' }),
          ],
        }),
    });
    await screen.findByRole('region', { name: 'Walk report map' });
    await user.click(
      within(screen.getByTestId('map')).getByRole('button', { name: 'Point 2, door, reached' }),
    );
    const photos = await screen.findAllByRole('img', { name: 'Photo at point 2' });
    expect(photos).toHaveLength(2);
    expect(photos[0]?.closest('figure')).not.toHaveTextContent('Taken');
    expect(photos[1]?.closest('figure')).toHaveTextContent(/^Taken /);
  });

  it('moves the map to a completed marker and opens it from the list', async () => {
    const { user } = renderReport({ 'walkReport.get': () => aReport() });
    await screen.findByRole('region', { name: 'Walk report map' });
    const before = mapCalls.flyTo.length;
    await user.click(screen.getByRole('button', { name: 'View point 2 on map' }));
    expect(mapCalls.flyTo.slice(before)).toEqual([{ center: [-119.698, 36.802], zoom: 18 }]);
    expect(await screen.findByRole('img', { name: 'Photo at point 2' })).toBeInTheDocument();
  });

  it('says there are no flags when every check passed', async () => {
    renderReport({ 'walkReport.get': () => aReport() });
    const section = await screen.findByRole('region', { name: 'Flags' });
    expect(within(section).getByTestId('flag-total')).toHaveTextContent('0 flags');
    expect(within(section).getByText('No flags: every check passed.')).toBeInTheDocument();
    expect(within(section).queryAllByTestId('report-flag')).toEqual([]);
  });

  it('says how many recorded items were discarded on the phone, and nothing of it when none was', async () => {
    renderReport({ 'walkReport.get': () => aReport({ discardedCount: 2 }) });
    const section = await screen.findByRole('region', { name: 'Flags' });
    expect(within(section).getByTestId('discarded-count')).toHaveTextContent(
      '2 recorded items were discarded on the phone and never sent',
    );
  });

  it('says nothing of discarded items when none was', async () => {
    renderReport({ 'walkReport.get': () => aReport({ discardedCount: 0 }) });
    const section = await screen.findByRole('region', { name: 'Flags' });
    expect(within(section).queryByTestId('discarded-count')).toBeNull();
  });

  it('lists the flags with their reasons, beside the arrivals and on the flagged points of the map', async () => {
    const flagged = aReport({
      CompletedMarker: [
        completedMarker(1, 31, '2026-11-20T17:10:00.000Z', { method: 'hand' }),
        completedMarker(2, 32, '2026-11-20T17:10:20.000Z', {
          isDoor: true,
          targetUnit: '105',
          picturedUnit: '105',
        }),
      ],
      flags: [
        {
          kind: 'byHand',
          reason: "Marked reached by hand, not by the phone's position",
          markerId: 31,
          completedMarkerId: 1,
          imageName: null,
        },
        {
          kind: 'tooFast',
          reason: 'Reached 20 s after the previous marker, 111 m away: faster than a brisk walk (7.2 km/h)',
          markerId: 32,
          completedMarkerId: 2,
          imageName: null,
        },
        {
          kind: 'photoReused',
          reason: 'The same picture is in walk report 1042',
          markerId: 32,
          completedMarkerId: null,
          imageName: 'door.jpg',
        },
      ],
      flagCount: 3,
    });
    const { user } = renderReport({ 'walkReport.get': () => flagged });
    const section = await screen.findByRole('region', { name: 'Flags' });
    expect(within(section).getByTestId('flag-total')).toHaveTextContent('3 flags');
    expect(
      within(section)
        .getAllByTestId('report-flag')
        .map((item) => item.textContent),
    ).toEqual([
      "Marked by hand · Arrival at point 1Marked reached by hand, not by the phone's positionView on map",
      'Too fast · Arrival at point 2Reached 20 s after the previous marker, 111 m away: faster than a brisk walk (7.2 km/h)View on map',
      'Photo reused · Photo at point 2The same picture is in walk report 1042View on map',
    ]);
    // Beside each arrival, its own flags.
    const arrivals = screen.getAllByTestId('completed-marker');
    expect(
      arrivals.map((item) =>
        within(item)
          .queryAllByTestId('flag')
          .map((f) => f.textContent),
      ),
    ).toEqual([['Marked by hand'], ['Too fast']]);
    // The flagged points are ringed on the map and their popups say why; the missed ones are not flagged.
    await screen.findByRole('region', { name: 'Walk report map' });
    const map = screen.getByTestId('map');
    expect(within(map).getByRole('button', { name: 'Point 1, reached, flagged' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Point 3, missed' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Map legend' })).toHaveTextContent('Flagged');
    const before = mapCalls.flyTo.length;
    await user.click(within(section).getByRole('button', { name: 'View photo reused at point 2 on map' }));
    expect(mapCalls.flyTo.slice(before)).toEqual([{ center: [-119.698, 36.802], zoom: 18 }]);
    const popup = await screen.findByTestId('map-popup');
    expect(within(popup).getByRole('list', { name: 'Flags at point 2' })).toHaveTextContent(
      'Reached 20 s after the previous marker, 111 m away: faster than a brisk walk (7.2 km/h)The same picture is in walk report 1042',
    );
  });

  it("shows a door photo of another unit than the one drawn as 'Wrong door', the drawn unit as Requested", async () => {
    const report = aReport({
      doorUnits: [{ markerId: 32, unit: '104' }],
      CompletedMarker: [
        completedMarker(2, 32, '2026-11-20T17:10:20.000Z', {
          isDoor: true,
          targetUnit: '104',
          picturedUnit: '104',
          unitRead: { status: 'read', unit: '107', confidence: 91 },
        }),
      ],
      flags: [
        {
          kind: 'wrongDoor',
          reason: 'Unit 104 was asked for; the photo shows 107',
          markerId: 32,
          completedMarkerId: null,
          imageName: 'door.jpg',
        },
      ],
      flagCount: 1,
    });
    renderReport({ 'walkReport.get': () => report });
    const section = await screen.findByRole('region', { name: 'Flags' });
    expect(
      within(section)
        .getAllByTestId('report-flag')
        .map((item) => item.textContent),
    ).toEqual(['Wrong door · Photo at point 2Unit 104 was asked for; the photo shows 107View on map']);
    const check = screen.getByTestId('unit-check');
    expect(check).toHaveTextContent('Mismatch');
    expect(check).toHaveTextContent('104');
    expect(check).toHaveTextContent('107');
  });

  it('flags arrivals of a report from before stored flags by what each answers (by hand, far)', async () => {
    renderReport({
      'walkReport.get': () =>
        aReport({
          CompletedMarker: [completedMarker(1, 31, '2026-11-20T17:10:00.000Z', { method: 'hand' })],
          flags: [],
          flagCount: 0,
        }),
    });
    const section = await screen.findByRole('region', { name: 'Flags' });
    expect(within(section).getByTestId('flag-total')).toHaveTextContent('0 flags');
    expect(screen.getAllByTestId('flag').map((f) => f.textContent)).toEqual(['Marked by hand']);
  });

  it("leads back to the location's walk reports", async () => {
    renderReport({ 'walkReport.get': () => aReport() });
    expect(await screen.findByRole('link', { name: 'Walk Reports' })).toHaveAttribute(
      'href',
      '/app/locations/4#walk-reports',
    );
  });

  it('stays blank for a report that is not there (or not the user’s)', async () => {
    const { fake } = renderReport({ 'walkReport.get': () => fakeError(404, 'Walk report not found') });
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Loading walk report...')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Walk report map' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Walk Reports' })).toBeInTheDocument();
  });

  it('shows the error panel when the report cannot be loaded', async () => {
    renderReport({ 'walkReport.get': () => fakeError(500, 'Internal Server Error') });
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('asks nothing for an id that is not one', async () => {
    const { fake } = renderReport({ 'walkReport.get': () => aReport() }, '/app/locations/4/walk-report/abc');
    expect(await screen.findByRole('link', { name: 'Walk Reports' })).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
    expect(screen.queryByText('Loading walk report...')).not.toBeInTheDocument();
  });
});
