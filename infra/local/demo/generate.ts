import { Faker, base, en, en_US } from '@faker-js/faker';
import zipcodes, { type ZipCode } from 'zipcodes';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import type { ArrivalMethod } from '@sitewalk/shared/arrival';
import { DEFAULT_GRACE_MINUTES, DEFAULT_WINDOWS } from '@sitewalk/shared/constants';
import { addDays, atLocalTime, localDate } from '@sitewalk/shared/time';
import { timeZoneAt } from '@sitewalk/shared/time-zones';

/**
 * A realistic storage-facility tenant as plain data, the same for the same seed, size and day: one
 * management company, its areas, `size` locations at real US ZIP centres (the 66 metro centres first, then
 * real ZIP centres around them), walks of 10–40 markers, walk reports in each location's morning and evening
 * windows, in its own time zone, for `days` days and today so far (some late, some missed, some cut short,
 * some with notes and photos) and incidents of every priority, some resolved. `write.ts` stores it.
 */

/** The most locations a demo tenant has: 66 metro centres and about 15 nearby ZIP centres around each. */
export const DEMO_MAX_SIZE = 1000;

export interface DemoOptions {
  seed: number;
  /** Number of locations, 1 to DEMO_MAX_SIZE. */
  size: number;
  days?: number;
  /** The demo's "today"; reports run up to this instant. */
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
  /** Its evening window is on weekdays only (every fourth location); the morning one is every day. */
  eveningWeekdaysOnly: boolean;
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
  /** The seed it was made from (what else is drawn for it, as its rosters, draws from it too). */
  seed: number;
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

/**
 * Up to this size a tenant has at most eight areas named after regions, its locations dealt among them in
 * turn; above it, areas of about LOCATIONS_PER_AREA locations each, neighbouring metros together.
 */
const REGIONAL_AREAS_UP_TO = 200;
const LOCATIONS_PER_AREA = 25;
/** A metro's further locations are at real ZIP centres within this many miles of its own. */
const METRO_MILES = 30;

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
const WEEKDAYS = [1, 2, 3, 4, 5];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

const EVENING: (typeof DEFAULT_WINDOWS)[number]['label'] = 'Evening walk';

/** The weekdays (0 Sunday) a demo location's window is on; `write.ts` gives its schedule the same. */
export const demoWindowDays = (
  location: Pick<DemoLocation, 'eveningWeekdaysOnly'>,
  windowLabel: string,
): number[] => (windowLabel === EVENING && location.eveningWeekdaysOnly ? WEEKDAYS : EVERY_DAY);

const metroCentre = (zip: string): ZipCode => {
  const place = zipcodes.lookup(zip);
  if (!place) throw new Error(`No ZIP centre for ${zip}`);
  return place;
};

let nearbyCentres: Map<string, ZipCode[]> | undefined;

/**
 * The real US ZIP centres within METRO_MILES of each metro ZIP (each with the nearest metro), in ZIP order; a
 * centre shared by several ZIPs (post-office boxes) once. Read from the offline ZIP table, once.
 */
const nearbyZipCentres = (metro: string): ZipCode[] => {
  if (!nearbyCentres) {
    const metros = ZIPS.map((zip) => ({ zip, place: metroCentre(zip), near: [] as ZipCode[] }));
    const seen = new Set(metros.map(({ place }) => `${place.latitude},${place.longitude}`));
    const all = Object.values(zipcodes.codes)
      .filter((place) => place.country === 'US' && /^\d{5}$/.test(place.zip))
      .sort((a, b) => a.zip.localeCompare(b.zip));
    for (const place of all) {
      const at = `${place.latitude},${place.longitude}`;
      if (seen.has(at)) continue;
      seen.add(at);
      // Miles on a flat map: close enough at these distances.
      const miles = ({ place: centre }: (typeof metros)[number]) =>
        Math.hypot(
          (place.latitude - centre.latitude) * 69,
          (place.longitude - centre.longitude) * 69 * Math.cos((centre.latitude * Math.PI) / 180),
        );
      const nearest = metros.reduce((a, b) => (miles(b) < miles(a) ? b : a));
      if (miles(nearest) <= METRO_MILES) nearest.near.push(place);
    }
    nearbyCentres = new Map(metros.map(({ zip, near }) => [zip, near]));
  }
  return nearbyCentres.get(metro) ?? [];
};

export const generateDemo = (options: DemoOptions): DemoTenant => {
  const { seed, size } = options;
  const days = options.days ?? 90;
  const now = options.now ?? new Date();
  if (!Number.isInteger(size) || size < 1 || size > DEMO_MAX_SIZE) {
    throw new Error(`The demo size is a number of locations from 1 to ${DEMO_MAX_SIZE}; ${size} is not`);
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
  const regional = size <= REGIONAL_AREAS_UP_TO;
  const regions = regional
    ? f.helpers.arrayElements(REGIONS, Math.min(Math.max(1, Math.ceil(size / 6)), REGIONS.length))
    : [];

  // The metro centres first (all 66 from that size on), then real ZIP centres near them, metro by metro in
  // turn, each ZIP once while a metro has unused ones.
  const metros = f.helpers.arrayElements([...ZIPS], Math.min(size, ZIPS.length));
  const places = metros.map((zip) => ({ metro: zip, place: metroCentre(zip) }));
  const usedZips = new Set<string>(metros);
  for (let turn = 0; places.length < size; turn += 1) {
    const metro = metros[turn % metros.length] ?? ZIPS[0];
    const near = nearbyZipCentres(metro);
    const unused = near.filter((place) => !usedZips.has(place.zip));
    const place = f.helpers.arrayElement(unused.length > 0 ? unused : [metroCentre(metro), ...near]);
    usedZips.add(place.zip);
    places.push({ metro, place });
  }

  // Areas: the regions, dealt in turn; or, above REGIONAL_AREAS_UP_TO, runs of neighbouring metros (ZIPS is
  // in geographic order) of about LOCATIONS_PER_AREA locations, each named after its first metro.
  const areaIndexOf: number[] = [];
  const areaNames: string[] = [];
  if (regional) {
    places.forEach((_, i) => areaIndexOf.push(i % regions.length));
    areaNames.push(...regions.map((region) => `${region} Region`));
  } else {
    const metroOrder = (zip: string) => ZIPS.indexOf(zip as (typeof ZIPS)[number]);
    const byGeography = places
      .map((p, index) => ({ index, order: metroOrder(p.metro) }))
      .sort((a, b) => a.order - b.order || a.index - b.index);
    const areaCount = Math.ceil(size / LOCATIONS_PER_AREA);
    byGeography.forEach(({ index }, rank) => {
      const area = Math.floor((rank * areaCount) / size);
      areaIndexOf[index] = area;
      if (areaNames[area] === undefined) {
        const city = metroCentre(places[index]?.metro ?? ZIPS[0]).city;
        const taken = areaNames.filter((name) => name.startsWith(`${city} Area`)).length;
        areaNames[area] = taken === 0 ? `${city} Area` : `${city} Area ${taken + 1}`;
      }
    });
  }
  const organizations = areaNames.map((name, i) => ({ key: `area-${i + 1}`, name }));

  const names = new Set<string>();
  const addresses = new Set<string>();
  const locations: DemoLocation[] = places.map(({ place }, i) => {
    const brandName = `${place.city} ${f.helpers.arrayElement(BRANDS)}`;
    let address = `${f.location.buildingNumber()} ${f.location.street()}`;
    while (addresses.has(`${address}, ${place.zip}`)) {
      address = `${f.location.buildingNumber()} ${f.location.street()}`;
    }
    addresses.add(`${address}, ${place.zip}`);
    // A second facility of a brand in a city is told apart by its street, as chains do.
    let name = names.has(brandName) ? `${brandName} – ${address.replace(/^\d+ /, '')}` : brandName;
    for (let n = 2; names.has(name); n += 1) name = `${brandName} ${n}`;
    names.add(name);
    return {
      key: `location-${i + 1}`,
      organizationKey: organizations[areaIndexOf[i] ?? 0]?.key ?? 'area-1',
      name,
      address,
      city: place.city,
      state: place.state,
      zipcode: place.zip,
      // A facility near the ZIP centre, not on it.
      latitude: Number((place.latitude + f.number.float({ min: -0.02, max: 0.02 })).toFixed(6)),
      longitude: Number((place.longitude + f.number.float({ min: -0.02, max: 0.02 })).toFixed(6)),
      eveningWeekdaysOnly: i % 4 === 3,
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
  for (const location of locations) {
    const staff = staffOf.get(location.key) ?? [];
    const locationWalks = walks.filter((w) => w.locationKey === location.key);
    // The location's windows on its own clock, from `days` days ago to today's that have begun.
    const timeZone = timeZoneAt(location.latitude, location.longitude);
    const today = localDate(now, timeZone);
    for (let day = days; day >= 0; day -= 1) {
      const date = addDays(today, -day);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      for (const window of DEFAULT_WINDOWS) {
        if (!demoWindowDays(location, window.label).includes(weekday)) continue;
        if (chance(0.04)) continue; // a missed walk
        const late = chance(0.08);
        const opensAt = atLocalTime(date, window.start, timeZone).getTime();
        const closesAt = atLocalTime(date, window.end, timeZone).getTime();
        // On time: begun in the window's first hour and a half; late: about when its grace ends.
        const start = late
          ? closesAt + f.number.int({ min: -10, max: DEFAULT_GRACE_MINUTES + 30 }) * MINUTE
          : opensAt + f.number.int({ min: 0, max: 90 }) * MINUTE;
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
          // A walk still under way now has reached only the markers before now.
          if (at > now.getTime()) break;
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
        const finishedAt = at + f.number.int({ min: 1, max: 5 }) * MINUTE;
        const unfinished = (cutShort && chance(0.4)) || finishedAt > now.getTime();
        const key = `report-${reports.length + 1}`;
        reports.push({
          key,
          walkKey: walk.key,
          walkerKey: walker.key,
          startedAt: new Date(start).toISOString(),
          finishedAt: unfinished ? null : new Date(finishedAt).toISOString(),
          arrivals,
          notes:
            chance(0.12) && arrivals.length > 0
              ? [
                  {
                    markerIndex: f.number.int({ min: 0, max: arrivals.length - 1 }),
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
        if (chance(0.1)) incidents.push(incident(location.key, key, Math.min(at, now.getTime()), staff));
      }
      if (chance(0.05)) {
        const at =
          atLocalTime(date, '08:00', timeZone).getTime() + f.number.int({ min: 0, max: 10 }) * 3_600_000;
        if (at <= now.getTime()) incidents.push(incident(location.key, null, at, staff));
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
    const resolved = age > 2 * DAY && chance(priority === 1 ? 0.97 : priority === 2 ? 0.85 : 0.75);
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

  return { seed, company, organizations, locations, people, walks, reports, incidents };
};

/** The most tenants one `seed:demo` writes. */
export const DEMO_MAX_COMPANIES = 50;

/**
 * `companies` tenants of `size` locations each: those of seeds `seed`, `seed + 1`, …, so each is the very
 * tenant its own seed makes (and is written once, whichever run writes it first).
 */
export const generateDemos = (options: DemoOptions & { companies: number }): DemoTenant[] => {
  const { companies, ...tenant } = options;
  if (!Number.isInteger(companies) || companies < 1 || companies > DEMO_MAX_COMPANIES) {
    throw new Error(`The demo's companies are a number from 1 to ${DEMO_MAX_COMPANIES}; ${companies} is not`);
  }
  const now = options.now ?? new Date();
  return Array.from({ length: companies }, (_, i) => generateDemo({ ...tenant, now, seed: tenant.seed + i }));
};
