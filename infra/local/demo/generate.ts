import { Faker, base, en, en_US } from '@faker-js/faker';
import zipcodes from 'zipcodes';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import type { ArrivalMethod } from '@sitewalk/shared/arrival';

/**
 * A realistic storage-facility tenant as plain data, the same for the same seed, size and day: one
 * management company, its areas, `size` locations at real US ZIP centres, walks of 10–40 markers, morning
 * and evening walk reports for `days` days (some late, some missed, some cut short, some with notes and
 * photos) and incidents of every priority, some resolved. `write.ts` stores it.
 */

export interface DemoOptions {
  seed: number;
  /** Number of locations. */
  size: number;
  days?: number;
  /** The demo's "today"; reports run up to this day. */
  now?: Date;
}

export interface DemoLocation {
  key: string;
  organizationKey: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  latitude: number;
  longitude: number;
}

export interface DemoPerson {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  roleId: RoleId;
  organizationKeys: string[];
  locationKeys: string[];
}

export interface DemoMarker {
  lat: number;
  lng: number;
  notes: string;
  unitNumberRange: string;
  isDoor: boolean;
}

export interface DemoWalk {
  key: string;
  locationKey: string;
  name: string;
  description: string;
  markers: DemoMarker[];
}

export interface DemoArrival {
  markerIndex: number;
  arrivedAt: string;
  lat: number;
  lng: number;
  accuracy: number;
  /** By position, or by hand where the fix was at its worst (no random draw: the rest stays as it was). */
  method: ArrivalMethod;
  targetUnit?: string;
  picturedUnit?: string;
}

export interface DemoReport {
  key: string;
  walkKey: string;
  walkerKey: string;
  startedAt: string;
  finishedAt: string | null;
  arrivals: DemoArrival[];
  notes: { markerIndex: number; note: string }[];
  /** Markers at which a photo was taken. */
  photos: number[];
}

export interface DemoIncident {
  locationKey: string;
  reportKey: string | null;
  priority: 1 | 2 | 3;
  createdAt: string;
  createdByKey: string;
  texts: string[];
  notes: { authorKey: string; note: string; createdAt: string }[];
  resolvedAt: string | null;
}

export interface DemoTenant {
  company: { name: string; email: string; phone: string; website: string };
  organizations: { key: string; name: string }[];
  locations: DemoLocation[];
  people: DemoPerson[];
  walks: DemoWalk[];
  reports: DemoReport[];
  incidents: DemoIncident[];
}

/** ZIP codes of US metro areas where storage chains operate; each location takes one (and its city). */
const ZIPS = [
  '95814',
  '93721',
  '93301',
  '92101',
  '90012',
  '94103',
  '95113',
  '89101',
  '85004',
  '85701',
  '87102',
  '80202',
  '84111',
  '83702',
  '97204',
  '98104',
  '99201',
  '73102',
  '74103',
  '75201',
  '76102',
  '77002',
  '78205',
  '78701',
  '70112',
  '72201',
  '38103',
  '37203',
  '37902',
  '35203',
  '30303',
  '32202',
  '32801',
  '33602',
  '33130',
  '29201',
  '28202',
  '27601',
  '23219',
  '20001',
  '21202',
  '19103',
  '10001',
  '02108',
  '06103',
  '14202',
  '15222',
  '44113',
  '43215',
  '45202',
  '46204',
  '48226',
  '49503',
  '53202',
  '55401',
  '60601',
  '63101',
  '64106',
  '66603',
  '68102',
  '50309',
  '57104',
  '58102',
  '59101',
  '82001',
  '96813',
] as const;

const REGIONS = ['West', 'Mountain', 'Central', 'South', 'Southeast', 'Northeast', 'Midwest', 'Pacific'];
const BRANDS = ['Self Storage', 'Storage Center', 'Mini Storage', 'Secure Storage', 'Storage Depot'];
const MARKER_NAMES = [
  'Front gate keypad',
  'Office door',
  'Fence line east',
  'Fence line west',
  'Back gate',
  'RV parking',
  'Dumpster area',
  'Climate building entrance',
  'Loading dock',
  'Camera pole',
  'Drive aisle',
  'Lights check',
];
const WALK_NOTES = [
  'Gate closed slowly, watch the motor',
  'Light out above this aisle',
  'Unit lock looks tampered with',
  'Trash left in the aisle',
  'Puddle forming after the rain',
  'Customer vehicle parked overnight',
  'Fence fabric loose at the post',
  'All clear',
];
const INCIDENT_TEXTS: Record<1 | 2 | 3, string[]> = {
  1: ['Break-in at unit', 'Gate stuck open', 'Fire alarm sounding', 'Cut lock found', 'Flooding in building'],
  2: ['Fence damage', 'Camera offline', 'Keypad not working', 'Door off track', 'Pest activity'],
  3: ['Light out', 'Graffiti on wall', 'Trash dumped', 'Weeds along fence', 'Signage faded'],
};
const INCIDENT_NOTES = [
  'Called the owner of the unit',
  'Vendor scheduled',
  'Police report filed',
  'Photos taken, sent to the area manager',
  'Checked again, still the same',
  'Fixed and tested',
];

const DAY = 86_400_000;
const MINUTE = 60_000;

export const generateDemo = (options: DemoOptions): DemoTenant => {
  const { seed, size } = options;
  const days = options.days ?? 90;
  const now = options.now ?? new Date();
  if (!Number.isInteger(size) || size < 1 || size > ZIPS.length) {
    throw new Error(`The demo size is a number of locations from 1 to ${ZIPS.length}`);
  }
  const f = new Faker({ locale: [en_US, en, base] });
  f.seed(seed);
  const chance = (p: number) => f.number.float({ min: 0, max: 1 }) < p;
  const tag = `s${seed}`;
  const emailOf = (first: string, last: string, n: number) =>
    `${first}.${last}.${n}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + `@demo-${tag}.sitewalk.local`;
  let personCount = 0;
  const person = (roleId: RoleId, organizationKeys: string[], locationKeys: string[]): DemoPerson => {
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    personCount += 1;
    return {
      key: `person-${personCount}`,
      firstName,
      lastName,
      email: emailOf(firstName, lastName, personCount),
      phone: f.string.numeric({ length: 10, allowLeadingZeros: false }).replace(/^(\d{3})(\d{3})/, '$1-$2-'),
      roleId,
      organizationKeys,
      locationKeys,
    };
  };

  const brand = f.person.lastName();
  const company = {
    name: `${brand} Storage Partners (demo ${seed})`,
    email: `office@demo-${tag}.sitewalk.local`,
    phone: '555-010-' + f.string.numeric(4),
    website: `https://demo-${tag}.sitewalk.local`,
  };
  const organizationCount = Math.max(1, Math.ceil(size / 6));
  const organizations = f.helpers
    .arrayElements(REGIONS, Math.min(organizationCount, REGIONS.length))
    .map((region, i) => ({ key: `area-${i + 1}`, name: `${region} Region` }));

  const zips = f.helpers.arrayElements([...ZIPS], size);
  const locations: DemoLocation[] = zips.map((zip, i) => {
    const place = zipcodes.lookup(zip);
    if (!place) throw new Error(`No ZIP centre for ${zip}`);
    return {
      key: `location-${i + 1}`,
      organizationKey: organizations[i % organizations.length]?.key ?? 'area-1',
      name: `${place.city} ${f.helpers.arrayElement(BRANDS)}`,
      address: `${f.location.buildingNumber()} ${f.location.street()}`,
      city: place.city,
      state: place.state,
      zipcode: zip,
      // A facility near the ZIP centre, not on it.
      latitude: Number((place.latitude + f.number.float({ min: -0.02, max: 0.02 })).toFixed(6)),
      longitude: Number((place.longitude + f.number.float({ min: -0.02, max: 0.02 })).toFixed(6)),
    };
  });

  const people: DemoPerson[] = [person(Role.Owner, [], []), person(Role.CompanyManager, [], [])];
  for (const organization of organizations) people.push(person(Role.AreaManager, [organization.key], []));
  const staffOf = new Map<string, DemoPerson[]>();
  for (const location of locations) {
    const staff = [
      person(Role.Manager, [], [location.key]),
      person(Role.AssistantManager, [], [location.key]),
      person(Role.Employee, [], [location.key]),
    ];
    people.push(...staff);
    staffOf.set(location.key, staff);
  }

  const walks: DemoWalk[] = [];
  for (const location of locations) {
    const count = f.number.int({ min: 1, max: 2 });
    for (let w = 0; w < count; w += 1) {
      const markerCount = f.number.int({ min: 10, max: 40 });
      // Markers around the facility's fence, a rectangle of roughly 150 m by 90 m, in walking order.
      const markers = Array.from({ length: markerCount }, (_, m): DemoMarker => {
        const t = m / markerCount;
        const [dx, dy] =
          t < 0.25
            ? [t * 4, 0]
            : t < 0.5
              ? [1, (t - 0.25) * 4]
              : t < 0.75
                ? [1 - (t - 0.5) * 4, 1]
                : [0, 1 - (t - 0.75) * 4];
        const isDoor = m % 5 === 3;
        const firstUnit = 100 + m * 10;
        return {
          lat: Number((location.latitude + (dy - 0.5) * 0.0008).toFixed(6)),
          lng: Number((location.longitude + (dx - 0.5) * 0.0016).toFixed(6)),
          notes: f.helpers.arrayElement(MARKER_NAMES),
          unitNumberRange: isDoor ? `${firstUnit}-${firstUnit + 9}` : '',
          isDoor,
        };
      });
      walks.push({
        key: `walk-${walks.length + 1}`,
        locationKey: location.key,
        name: w === 0 ? 'Full perimeter' : 'Buildings and doors',
        description: w === 0 ? 'Every gate, fence line and aisle' : 'Door checks with unit photos',
        markers,
      });
    }
  }

  const reports: DemoReport[] = [];
  const incidents: DemoIncident[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const location of locations) {
    const staff = staffOf.get(location.key) ?? [];
    const locationWalks = walks.filter((w) => w.locationKey === location.key);
    for (let day = days; day >= 1; day -= 1) {
      // 14:00 and 01:00 UTC are about 6-7am and 5-6pm across US time zones.
      for (const hourUtc of [14, 25]) {
        if (chance(0.04)) continue; // a missed walk
        const late = chance(0.08);
        const start =
          today - day * DAY + hourUtc * 3_600_000 + f.number.int({ min: 0, max: late ? 180 : 40 }) * MINUTE;
        if (start > now.getTime()) continue;
        const walk = f.helpers.arrayElement(locationWalks);
        const walker = f.helpers.arrayElement(staff);
        const cutShort = chance(0.07);
        const reached = cutShort
          ? f.number.int({ min: 1, max: Math.floor(walk.markers.length * 0.85) })
          : walk.markers.length;
        let at = start + f.number.int({ min: 1, max: 4 }) * MINUTE;
        const arrivals: DemoArrival[] = [];
        for (let m = 0; m < reached; m += 1) {
          at += f.number.int({ min: 30, max: 150 }) * 1000;
          const marker = walk.markers[m];
          if (!marker) break;
          const unit = marker.isDoor ? String(100 + m * 10 + f.number.int({ min: 0, max: 9 })) : undefined;
          // Drawn in this order, as before the method was added, so a seed makes the same tenant.
          const lat = marker.lat + f.number.float({ min: -0.00004, max: 0.00004 });
          const lng = marker.lng + f.number.float({ min: -0.00004, max: 0.00004 });
          const accuracy = f.number.int({ min: 3, max: 25 });
          arrivals.push({
            markerIndex: m,
            arrivedAt: new Date(at).toISOString(),
            lat,
            lng,
            accuracy,
            method: accuracy >= 25 ? 'hand' : 'position',
            ...(unit ? { targetUnit: unit, picturedUnit: chance(0.1) ? '' : unit } : {}),
          });
        }
        const unfinished = cutShort && chance(0.4);
        const key = `report-${reports.length + 1}`;
        reports.push({
          key,
          walkKey: walk.key,
          walkerKey: walker.key,
          startedAt: new Date(start).toISOString(),
          finishedAt: unfinished
            ? null
            : new Date(at + f.number.int({ min: 1, max: 5 }) * MINUTE).toISOString(),
          arrivals,
          notes: chance(0.12)
            ? [
                {
                  markerIndex: f.number.int({ min: 0, max: reached - 1 }),
                  note: f.helpers.arrayElement(WALK_NOTES),
                },
              ]
            : [],
          photos: chance(0.06)
            ? arrivals
                .filter((a) => a.targetUnit)
                .map((a) => a.markerIndex)
                .slice(0, 2)
            : [],
        });
        if (chance(0.1)) incidents.push(incident(location.key, key, at, staff));
      }
      if (chance(0.05)) {
        const at = today - day * DAY + f.number.int({ min: 15, max: 23 }) * 3_600_000;
        incidents.push(incident(location.key, null, at, staff));
      }
    }
  }

  function incident(
    locationKey: string,
    reportKey: string | null,
    at: number,
    staff: DemoPerson[],
  ): DemoIncident {
    const priority = f.helpers.weightedArrayElement([
      { value: 1 as const, weight: 15 },
      { value: 2 as const, weight: 35 },
      { value: 3 as const, weight: 50 },
    ]);
    const createdBy = f.helpers.arrayElement(staff);
    const age = now.getTime() - at;
    // Older incidents are mostly resolved; critical ones quickly.
    const resolved = age > 2 * DAY && chance(priority === 1 ? 0.95 : 0.75);
    const resolvedAt = resolved
      ? at + f.number.int({ min: 1, max: Math.min(age / 3_600_000, 96) }) * 3_600_000
      : null;
    const notes = Array.from({ length: f.number.int({ min: 0, max: 3 }) }, (_, n) => ({
      authorKey: f.helpers.arrayElement(staff).key,
      note: f.helpers.arrayElement(INCIDENT_NOTES),
      createdAt: new Date(at + (n + 1) * f.number.int({ min: 10, max: 600 }) * MINUTE).toISOString(),
    })).filter((n) => Date.parse(n.createdAt) <= now.getTime());
    return {
      locationKey,
      reportKey,
      priority,
      createdAt: new Date(at).toISOString(),
      createdByKey: createdBy.key,
      texts: f.helpers.arrayElements(INCIDENT_TEXTS[priority], { min: 1, max: 2 }),
      notes,
      resolvedAt: resolvedAt === null ? null : new Date(Math.min(resolvedAt, now.getTime())).toISOString(),
    };
  }

  return { company, organizations, locations, people, walks, reports, incidents };
};
