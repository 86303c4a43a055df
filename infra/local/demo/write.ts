import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { DataService } from '@sitewalk/functions/db/service';
import type { IdentityProvider } from '@sitewalk/functions/ports/identity';
import { SYSTEM_ACTOR } from '@sitewalk/functions/db/audit';
import { newUsersInBulk } from '@sitewalk/functions/db/users';
import { defaultSchedule } from '@sitewalk/functions/domain/schedules';
import { nextId, nextIds } from '@sitewalk/functions/db/counters';
import { moveTally } from '@sitewalk/functions/db/company-tallies';
import { keepAreaMembers } from '@sitewalk/functions/db/area-members';
import { objectKey, type Storage } from '@sitewalk/functions/ports/storage';
import { distanceMeters } from '@sitewalk/shared/arrival';
import { completedMarkerVerdicts } from '@sitewalk/shared/flags';
import { completedMarkerFlagRef } from '@sitewalk/functions/domain/flags';
import { tallyItems as monthTallyItems } from '@sitewalk/functions/db/tallies';
import { builtStatusItem, companyMarkItem, statusSetsOf } from '@sitewalk/functions/db/location-status';
import { mapBounded } from '@sitewalk/functions/domain/fan-out';
import { demoWindowDays, type DemoReport, type DemoTenant } from './generate.ts';
import type { Progress } from '../progress.ts';
import { BATCHES_IN_FLIGHT, putInBatches } from './batch-write.ts';
import { demoLockData } from './lock-checks.ts';
import { uploadDemoPhoto } from './upload.ts';
import { writeDemoLockChecks, writeDemoRosters } from './write-lock-checks.ts';

export interface DemoWriteResult {
  /** False when this seed's tenant was already there (nothing was written). */
  written: boolean;
  managementCompanyId?: number;
  counts: { locations: number; people: number; walks: number; reports: number; incidents: number };
}

export interface DemoWriteOptions {
  /**
   * Reports started before this instant are stored without their completed markers (their list rows and totals
   * come from the report item alone and stay whole); absent, every report keeps them.
   */
  completedMarkersSince?: Date;
  /**
   * Whether its lock checks are recorded (through the domain as their walker, a tap at a time, with their audit
   * entries: 10–30 s a tenant); `seed:demo` asks for them in its first tenant only. Rosters are written either way.
   */
  lockChecks?: boolean;
}

/** Every demo account signs in with this password (it meets the password rule). */
export const DEMO_PASSWORD = 'SiteWalkDemo1';

const ids = <K extends string>(keys: { key: K }[], first: number[]) =>
  new Map(keys.map((item, index) => [item.key, first[index] ?? 0]));

const must = <V>(map: Map<string, V>, key: string): V => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data refers to an unknown ${key}`);
  return value;
};

/** A small solid-colour PNG, so demo photos show something. */
const photo = (seed: number): Buffer => {
  const size = 64;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rgb = [(seed * 67) % 200, (seed * 131) % 200, (seed * 29) % 200];
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/**
 * Stores a generated tenant through the same entities, identity provider and storage port the handlers use,
 * in batches. A seed's tenant is written once: when its owner's e-mail exists, nothing is done.
 */
export const writeDemo = async (
  deps: { db: DataService; identity: IdentityProvider; storage: Storage },
  demo: DemoTenant,
  log: (line: string) => void = () => undefined,
  track: (label: string, total: number) => Progress = () => ({
    add: () => undefined,
    finish: () => undefined,
  }),
  options: DemoWriteOptions = {},
): Promise<DemoWriteResult> => {
  const { db, identity, storage } = deps;
  const counts = {
    locations: demo.locations.length,
    people: demo.people.length,
    walks: demo.walks.length,
    reports: demo.reports.length,
    incidents: demo.incidents.length,
  };
  const owner = demo.people[0];
  if (owner && (await db.entities.userEmail.get({ email: owner.email }).go()).data) {
    return { written: false, counts };
  }

  const managementCompanyId = await nextId(db, 'managementCompany');
  await db.entities.managementCompany.create({ managementCompanyId, ...demo.company }).go();
  // The new company's tally, counted (empty), moved after each bulk write below (they are not transactions).
  await db.entities.companyTally
    .create({ managementCompanyId, locations: 0, areas: 0, users: 0, countedAt: new Date().toISOString() })
    .go();
  const organizationIds = ids(
    demo.organizations,
    await nextIds(db, 'organization', demo.organizations.length),
  );
  await putInBatches(
    demo.organizations.map((organization) => ({
      organizationId: must(organizationIds, organization.key),
      managementCompanyId,
      name: organization.name,
    })),
    (batch) => db.entities.organization.put(batch).go(),
  );
  await moveTally(db, managementCompanyId, 'areas', demo.organizations.length);
  const locationIds = ids(demo.locations, await nextIds(db, 'location', demo.locations.length));
  const placeOf = new Map(
    demo.locations.map((l) => [
      l.key,
      {
        locationId: must(locationIds, l.key),
        organizationId: must(organizationIds, l.organizationKey),
        managementCompanyId,
      },
    ]),
  );
  await putInBatches(
    demo.locations.map(
      ({ key, organizationKey: _organization, eveningWeekdaysOnly: _evenings, ...location }) => ({
        ...location,
        ...must(placeOf, key),
        // Their month tallies are written below, with the reports and incidents.
        talliedAt: new Date().toISOString(),
      }),
    ),
    (batch) => db.entities.location.put(batch).go(),
  );
  await moveTally(db, managementCompanyId, 'locations', demo.locations.length);
  // Each location's walk windows: the morning and evening defaults, on the days the demo walks them.
  const now = new Date();
  const scheduleOf = new Map(
    demo.locations.map((location) => {
      const schedule = defaultSchedule({ ...location, ...must(placeOf, location.key) }, now);
      const windows = schedule.windows.map((w) => ({ ...w, days: demoWindowDays(location, w.label) }));
      return [location.key, { ...schedule, windows }];
    }),
  );
  await putInBatches([...scheduleOf.values()], (batch) => db.entities.schedule.put(batch).go());
  log(
    `company ${managementCompanyId}, ${demo.organizations.length} areas, ${demo.locations.length} locations`,
  );

  // People in bulk: their sign-ins are made below, several at once and beside the other writes, then their
  // items and audit entries in batches (one account at a time, through the accounts' own transaction, took
  // two minutes for 1,500 people).
  const personIds = ids(demo.people, await nextIds(db, 'user', demo.people.length));

  const walkIds = ids(demo.walks, await nextIds(db, 'walk', demo.walks.length));
  const markerIdBlock = await nextIds(
    db,
    'marker',
    demo.walks.reduce((n, w) => n + w.markers.length, 0),
  );
  const markerIds = new Map<string, number[]>();
  for (const walk of demo.walks) markerIds.set(walk.key, markerIdBlock.splice(0, walk.markers.length));
  const walkOf = new Map(demo.walks.map((w) => [w.key, w]));
  await db.entities.walk
    .put(
      demo.walks.map((walk) => ({
        walkId: must(walkIds, walk.key),
        ...must(placeOf, walk.locationKey),
        name: walk.name,
        description: walk.description,
        markers: walk.markers.map((m, index) => ({
          id: must(markerIds, walk.key)[index] ?? 0,
          label: index + 1,
          ...m,
          hasUnitRange: m.unitNumberRange !== '',
          order: index,
        })),
      })),
    )
    .go();
  log(`${demo.walks.length} walks`);

  const reportIds = ids(demo.reports, await nextIds(db, 'walkReport', demo.reports.length));
  const since = options.completedMarkersSince?.toISOString() ?? '';
  const keepsCompletedMarkers = (report: DemoReport) => report.startedAt >= since;
  const arrivalCount = demo.reports.reduce(
    (n, r) => n + (keepsCompletedMarkers(r) ? r.arrivals.length : 0),
    0,
  );
  const completedIds = await nextIds(db, 'completedMarker', arrivalCount);
  const noteIds = await nextIds(
    db,
    'walkNote',
    demo.reports.reduce((n, r) => n + r.notes.length, 0),
  );
  const reportItems = [];
  const reportTallies: { locationId: number; startedAt: string; walkReportId: number; flags: string[] }[] =
    [];
  const completedMarkerItems = [];
  const noteItems = [];
  const imageItems = [];
  const uploads: { key: string; seed: number }[] = [];
  const tally = new Map<number, number>();
  for (const report of demo.reports) {
    const walk = must(walkOf, report.walkKey);
    const markersOfWalk = must(markerIds, walk.key);
    const place = must(placeOf, walk.locationKey);
    const walkReportId = must(reportIds, report.key);
    const markerId = (index: number) => markersOfWalk[index] ?? 0;
    tally.set(place.locationId, (tally.get(place.locationId) ?? 0) + 1);
    const completedMarkers = (keepsCompletedMarkers(report) ? report.arrivals : []).map((arrival) => ({
      walkReportId,
      clientId: randomUUID(),
      completedMarkerId: completedIds.shift() ?? 0,
      markerId: markerId(arrival.markerIndex),
      arrivedAt: arrival.arrivedAt,
      receivedAt: arrival.arrivedAt,
      lat: arrival.lat,
      lng: arrival.lng,
      accuracy: arrival.accuracy,
      method: arrival.method,
      distance: distanceMeters(arrival, walk.markers[arrival.markerIndex] ?? arrival),
      isDoor: arrival.targetUnit !== undefined,
      ...(arrival.targetUnit === undefined
        ? {}
        : { targetUnit: arrival.targetUnit, picturedUnit: arrival.picturedUnit }),
    }));
    completedMarkerItems.push(...completedMarkers);
    // The flags the API would have decided as the completed markers came in (issue 18), on the report and its tally.
    const points = new Map(walk.markers.map((m, index) => [markerId(index), { lat: m.lat, lng: m.lng }]));
    const byClientId = new Map<string, number>(
      completedMarkers.map((c) => [c.clientId, c.completedMarkerId]),
    );
    const flags = completedMarkerVerdicts(
      completedMarkers.map((c) => ({ ...c, key: c.clientId })),
      points,
    ).flatMap((verdict) =>
      verdict.flags.map((flag) => completedMarkerFlagRef(flag.kind, byClientId.get(verdict.key) ?? 0)),
    );
    reportItems.push({
      walkReportId,
      walkId: must(walkIds, walk.key),
      ...place,
      userId: must(personIds, report.walkerKey),
      clientId: randomUUID(),
      startedAt: report.startedAt,
      createdAt: report.startedAt,
      ...(report.finishedAt ? { finishedAt: report.finishedAt } : {}),
      walkName: walk.name,
      markerCount: walk.markers.length,
      ...(report.arrivals.length
        ? {
            visitedMarkerIds: [...new Set(report.arrivals.map((a) => markerId(a.markerIndex)))],
            firstArrivalAt: report.arrivals[0]?.arrivedAt,
            lastArrivalAt: report.arrivals.at(-1)?.arrivedAt,
          }
        : {}),
      ...(flags.length ? { flags } : {}),
    });
    reportTallies.push({ locationId: place.locationId, startedAt: report.startedAt, walkReportId, flags });
    for (const note of report.notes) {
      noteItems.push({
        walkReportId,
        clientId: randomUUID(),
        walkNoteId: noteIds.shift() ?? 0,
        markerId: markerId(note.markerIndex),
        note: note.note,
        createdAt: report.startedAt,
      });
    }
    for (const index of report.photos) {
      // Taken on arrival at the marker, where the phone was then.
      const arrival = report.arrivals.find((a) => a.markerIndex === index);
      const key = objectKey({ managementCompanyId, kind: 'walk-photo', id: walkReportId }, 'image/png');
      uploads.push({ key, seed: walkReportId + index });
      imageItems.push({
        walkReportId,
        clientId: randomUUID(),
        markerId: markerId(index),
        imageName: key.slice(key.lastIndexOf('/') + 1),
        key,
        createdAt: report.startedAt,
        ...(arrival
          ? { takenAt: arrival.arrivedAt, lat: arrival.lat, lng: arrival.lng, accuracy: arrival.accuracy }
          : {}),
      });
    }
  }
  const incidentIds = await nextIds(db, 'incident', demo.incidents.length);
  const textIds = await nextIds(
    db,
    'incidentText',
    demo.incidents.reduce((n, i) => n + i.texts.length, 0),
  );
  const incidentNoteIds = await nextIds(
    db,
    'incidentNote',
    demo.incidents.reduce((n, i) => n + i.notes.length, 0),
  );
  const incidentItems = demo.incidents.map((incident, index) => ({
    incidentId: incidentIds[index] ?? 0,
    ...must(placeOf, incident.locationKey),
    ...(incident.reportKey ? { walkReportId: must(reportIds, incident.reportKey) } : {}),
    priority: incident.priority,
    // Unresolved is stored as 'open' (UNRESOLVED in functions/src/db/entities/incident.ts).
    status: incident.resolvedAt ? ('resolved' as const) : ('open' as const),
    ...(incident.resolvedAt ? { resolvedAt: incident.resolvedAt } : {}),
    createdBy: must(personIds, incident.createdByKey),
    createdAt: incident.createdAt,
    texts: incident.texts.map((text) => ({ id: textIds.shift() ?? 0, text })),
    notes: incident.notes.map((note) => ({
      id: incidentNoteIds.shift() ?? 0,
      note: note.note,
      userId: must(personIds, note.authorKey),
      createdAt: note.createdAt,
    })),
    photoKeys: [],
  }));

  // The locations' month tallies, as the handlers would have kept them.
  const byLocation = <T extends { locationId: number }>(items: T[]) => {
    const groups = new Map<number, T[]>();
    for (const item of items) {
      const group = groups.get(item.locationId);
      if (group) group.push(item);
      else groups.set(item.locationId, [item]);
    }
    return groups;
  };
  const reportsAt = byLocation(reportTallies);
  const incidentsAt = byLocation(incidentItems);
  const monthItems = [...placeOf.values()].flatMap(({ locationId }) =>
    monthTallyItems(locationId, reportsAt.get(locationId) ?? [], incidentsAt.get(locationId) ?? []),
  );
  const tallyItems = [...tally].map(([locationId, walkReportCount]) => ({ locationId, walkReportCount }));
  // Each location's portfolio status item (docs/data-model.md, 'The portfolio'), and the company's mark that
  // says they are all there: else the first dashboard would build the items of every location itself.
  const reportsOf = byLocation(reportItems);
  const statusItems = [
    ...demo.locations.map((location) => {
      const place = must(placeOf, location.key);
      const unresolved = (incidentsAt.get(place.locationId) ?? []).filter((i) => i.status === 'open');
      const sets = statusSetsOf(reportsOf.get(place.locationId) ?? [], unresolved, now);
      return builtStatusItem({ ...location, ...place }, must(scheduleOf, location.key), sets);
    }),
    companyMarkItem(managementCompanyId),
  ];

  const total =
    demo.people.length +
    reportItems.length +
    completedMarkerItems.length +
    noteItems.length +
    imageItems.length +
    incidentItems.length +
    monthItems.length +
    tallyItems.length +
    statusItems.length +
    uploads.length;
  const written = track('  people, walk reports, checkpoints, notes, photos, incidents and tallies', total);
  // Three streams at once, each several requests deep: the sign-ins (cognito-local), the table's items
  // (DynamoDB Local) and the photos (the S3 stand-in), so no stand-in waits for another.
  await Promise.all([
    mapBounded(
      demo.people,
      async (person) => {
        await identity.createUser(must(personIds, person.key), DEMO_PASSWORD, false);
        written.add();
      },
      BATCHES_IN_FLIGHT,
    ),
    (async () => {
      await putInBatches(reportItems, (batch) => db.entities.walkReport.put(batch).go(), written);
      await putInBatches(
        completedMarkerItems,
        (batch) => db.entities.completedMarker.put(batch).go(),
        written,
      );
      await putInBatches(noteItems, (batch) => db.entities.walkNote.put(batch).go(), written);
      await putInBatches(imageItems, (batch) => db.entities.markerImage.put(batch).go(), written);
      await putInBatches(incidentItems, (batch) => db.entities.incident.put(batch).go(), written);
      await putInBatches(monthItems, (batch) => db.entities.locationMonth.put(batch).go(), written);
      await putInBatches(tallyItems, (batch) => db.entities.locationTally.put(batch).go(), written);
      await putInBatches(statusItems, (batch) => db.entities.locationStatus.put(batch).go(), written);
    })(),
    mapBounded(
      uploads,
      async ({ key, seed }) => {
        await uploadDemoPhoto(storage, key, photo(seed));
        written.add();
      },
      BATCHES_IN_FLIGHT,
    ),
  ]);
  written.finish();

  // Unit rosters and lock checks (issue 31), before the people's e-mail guards: a tenant cut short is written again.
  const lockData = demoLockData(demo, now);
  const personOf = new Map(demo.people.map((p) => [p.key, { ...p, userId: must(personIds, p.key) }]));
  await writeDemoRosters(
    db,
    lockData.rosters,
    (key) => must(placeOf, key),
    (key) => must(personOf, key),
  );
  log(`${lockData.rosters.length} unit rosters`);

  // The people's items and audit entries once every sign-in is made, their e-mail guards last: the owner's
  // says the tenant is written.
  const newUsers = await newUsersInBulk(
    db,
    managementCompanyId,
    demo.people.map((person) => ({
      item: {
        userId: must(personIds, person.key),
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email.toLowerCase(),
        phone: person.phone,
        roleId: person.roleId,
        managementCompanyId,
        needsPasswordReset: false,
      },
      locations: person.locationKeys.map((key) => must(placeOf, key)),
      organizations: person.organizationKeys.map((key) => ({
        organizationId: must(organizationIds, key),
        managementCompanyId,
      })),
    })),
    SYSTEM_ACTOR,
  );
  await putInBatches(newUsers.users, (batch) => db.entities.user.put(batch).go());
  await moveTally(db, managementCompanyId, 'users', newUsers.users.length);
  await putInBatches(newUsers.userLocations, (batch) => db.entities.userLocation.put(batch).go());
  await putInBatches(newUsers.userOrganizations, (batch) => db.entities.userOrganization.put(batch).go());
  // The areas' kept totals, counted once their locations and members are written.
  await mapBounded([...organizationIds.values()], (organizationId) => keepAreaMembers(db, organizationId));
  await putInBatches(newUsers.auditEntries, (batch) => db.entities.auditEntry.put(batch).go());
  if (options.lockChecks) {
    await writeDemoLockChecks(
      deps,
      lockData.lockChecks,
      (key) => must(placeOf, key).locationId,
      (key) => must(personIds, key),
    );
    log(`${lockData.lockChecks.length} lock checks`);
  }
  await putInBatches(newUsers.userEmails, (batch) => db.entities.userEmail.put(batch).go());
  log(`${demo.people.length} people`);
  log(
    `${demo.reports.length} walk reports with ${arrivalCount} checkpoints and ${imageItems.length} photos, ${demo.incidents.length} incidents`,
  );
  return { written: true, managementCompanyId, counts };
};
