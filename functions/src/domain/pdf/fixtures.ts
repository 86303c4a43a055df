import type { WalkReport } from '@sitewalk/shared/schemas/walkReport';
import type { Incident } from '@sitewalk/shared/schemas/incident';
import { PNG } from 'pngjs';

/** Test data for the PDFs: a walk of 10 markers, nine reached (one far, one by hand), two doors, notes, photos. */

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 15, minute, 0)).toISOString();

export const LOCATION = {
  name: 'Acme Storage — Fresno North',
  address: '1200 W Shaw Ave',
  city: 'Fresno',
  state: 'CA',
  zipcode: '93711',
};

const markers = Array.from({ length: 10 }, (_, i) => ({
  id: 100 + i,
  label: i + 1,
  lat: 36.8082 + Math.sin(i / 1.6) * 0.0009,
  lng: -119.8087 + i * 0.00022,
  notes: i === 3 ? 'Check the gate lock' : '',
  order: i,
  unitNumberRange: i === 4 ? '101-120' : '',
  hasUnitRange: i === 4,
  isDoor: i === 4 || i === 7,
  walkId: 9,
}));

const completedMarker = (i: number, extra: Partial<WalkReport['CompletedMarker'][number]> = {}) => ({
  id: 500 + i,
  markerId: 100 + i,
  arrivedAt: at(2 + i * 3),
  receivedAt: at(2 + i * 3),
  lat: markers[i]!.lat,
  lng: markers[i]!.lng,
  accuracy: 8,
  method: 'position' as const,
  distance: 3.2,
  farFromMarker: false,
  isDoor: markers[i]!.isDoor,
  targetUnit: null,
  picturedUnit: null,
  unitRead: null,
  ...extra,
});

export const walkReportView = (overrides: Partial<WalkReport> = {}): WalkReport => ({
  id: 4711,
  createdAt: at(0),
  startedAt: at(0),
  finishedAt: at(31),
  userId: 7,
  user: { firstName: 'Dana', lastName: 'Okafor' },
  walkId: 9,
  walk: { name: 'Evening perimeter', locationId: 3, markers },
  doorUnits: [{ markerId: markers[4]!.id, unit: '105' }],
  CompletedMarker: [
    ...[0, 1, 2, 3, 5, 6, 9].map((i) => completedMarker(i)),
    completedMarker(4, {
      targetUnit: '105',
      picturedUnit: '105',
      unitRead: { status: 'read', unit: '105', confidence: 93 },
    }),
    completedMarker(7, {
      targetUnit: '212',
      picturedUnit: '213',
      method: 'hand',
      distance: 61.4,
      farFromMarker: true,
    }),
  ],
  walkNote: [
    { id: 1, markerId: 104, note: 'Padlock on 105 replaced, "new" key with the office' },
    { id: 2, markerId: 106, note: '=HYPERLINK("x") stays text; Ünïcödé ✓ too' },
  ],
  markerImage: [
    {
      walkReportId: 4711,
      markerId: 104,
      imageName: 'a.png',
      imageUrl: null,
      takenAt: at(14),
      lat: null,
      lng: null,
    },
    {
      walkReportId: 4711,
      markerId: 107,
      imageName: 'b.png',
      imageUrl: null,
      takenAt: at(23),
      lat: null,
      lng: null,
    },
    {
      walkReportId: 4711,
      markerId: 107,
      imageName: 'missing.png',
      imageUrl: null,
      takenAt: null,
      lat: null,
      lng: null,
    },
  ],
  markerCount: 10,
  completedMarkerCount: 9,
  firstArrivalAt: at(2),
  lastArrivalAt: at(26),
  totalTime: '24 min',
  totalMinutes: 24,
  completed: true,
  flags: [
    {
      kind: 'farFromMarker',
      reason: 'Recorded 61 m from the marker',
      markerId: 107,
      completedMarkerId: 507,
      imageName: null,
    },
    {
      kind: 'byHand',
      reason: "Marked reached by hand, not by the phone's position",
      markerId: 107,
      completedMarkerId: 507,
      imageName: null,
    },
  ],
  flagCount: 2,
  discardedCount: 0,
  ...overrides,
});

export const incidentView = (overrides: Partial<Incident> = {}): Incident => ({
  id: 1042,
  typeId: 1,
  createdAt: at(5),
  resolvedAt: at(50),
  resolved: true,
  locationId: 3,
  walkReportId: 4711,
  notes: [
    {
      id: 2,
      note: 'Door secured, tenant informed.',
      createdAt: at(45),
      user: { firstName: 'Sam', lastName: 'Lee' },
    },
    { id: 1, note: 'Found unit 212 open on the evening walk.', createdAt: at(6), user: null },
  ],
  images: [{ key: 'tenants/1/incident-photo/1042/a.png', presignedUrl: 'http://127.0.0.1/x' }],
  incidentTexts: [
    { id: 1, incidentNoteText: { text: 'Unit door open' } },
    { id: 2, incidentNoteText: { text: 'Lock damaged' } },
  ],
  walk: null,
  location: { name: LOCATION.name },
  ...overrides,
});

/** A real PNG, `width` × `height`, a two-colour gradient (a photo stand-in a PDF can embed). */
export const photoPng = (
  width = 160,
  height = 120,
  tint: [number, number, number] = [40, 110, 180],
): Buffer => {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = (x + y) / (width + height);
      image.data.set([...tint.map((c) => Math.round(c * (1 - t) + 230 * t)), 255], (y * width + x) * 4);
    }
  }
  return PNG.sync.write(image);
};
