import type { Actor, PlacementOf } from '@sitewalk/shared/policy';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import type * as z from 'zod';
import type { markerInput } from '@sitewalk/shared/schemas/walk';
import { dataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { presignOwnedUpload, presignedView } from '../domain/uploads.ts';
import { PRESIGNED_URL_SECONDS } from '@sitewalk/shared/constants';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { authorize } from '../domain/authorize.ts';
import { placedAtLiveLocation, visibleLocation } from '../domain/placements.ts';
import { readPartition } from '../db/bounded.ts';
import { reportStartTallies } from '../db/tallies.ts';
import { nextId, nextIds } from '../db/counters.ts';
import type { WalkItem } from '../db/entities/walk.ts';
import type { CompletedMarkerItem, MarkerImageItem, WalkReportItem } from '../db/entities/walkReport.ts';
import type { UserItem } from '../db/entities/user.ts';
import type { WalkReport, WalkReportSummary, WalkReportTotals } from '@sitewalk/shared/schemas/walkReport';
import { walkDuration } from '@sitewalk/shared/walk-duration';
import { distanceMeters, isWithinReach, type Point } from '@sitewalk/shared/arrival';
import {
  WALK_REPORT_CHECKPOINTS_MAX,
  WALK_REPORT_NOTES_MAX,
  WALK_REPORT_PAGE_DEPTH,
  WALK_REPORT_PHOTOS_MAX,
  WALK_REPORT_SEARCH_WINDOW,
} from '@sitewalk/shared/constants';
import { getUsers } from '../db/users.ts';
import { pageOf } from '../domain/paging.ts';
import { mapBounded } from '../domain/fan-out.ts';
import { isConditionFailure, writeIf } from '../db/conditional.ts';

const db = dataFromEnv();
const storage = storageFromEnv();
const notFound = 'Walk not found';
const reportNotFound = 'Walk report not found';

const placementOf = (
  walk: Pick<WalkItem, 'walkId' | 'locationId' | 'organizationId' | 'managementCompanyId'>,
): PlacementOf<'walk'> => ({
  kind: 'walk',
  id: walk.walkId,
  locationId: walk.locationId,
  organizationId: walk.organizationId,
  managementCompanyId: walk.managementCompanyId,
});

const toWalk = (item: WalkItem): Walk => ({
  id: item.walkId,
  name: item.name,
  description: item.description,
  locationId: item.locationId,
  markers: item.markers.map((m) => ({ ...m, walkId: item.walkId })),
  createdAt: item.createdAt,
  deletedAt: item.deletedAt ?? null,
});

/**
 * Markers in walking order, labelled 1..n (spec: reordering renumbers labels from 1). A marker that names one of
 * `kept` (the walk's own markers, on update) keeps its id, so reports of the walk still point at it; every
 * other marker gets a fresh id.
 */
const numberMarkers = async (
  markers: z.output<typeof markerInput>[],
  kept: ReadonlySet<number> = new Set(),
) => {
  const seen = new Set<number>();
  const keeps = markers.map((m) => {
    const keep = m.id !== undefined && kept.has(m.id) && !seen.has(m.id);
    if (keep && m.id !== undefined) seen.add(m.id);
    return keep;
  });
  const fresh = await nextIds(db, 'marker', keeps.filter((k) => !k).length);
  let next = 0;
  return [...markers]
    .map((marker, index) => ({
      marker,
      index,
      id: keeps[index] ? (marker.id ?? 0) : (fresh[next++] ?? 0),
    }))
    .sort((a, b) => (a.marker.order ?? a.index) - (b.marker.order ?? b.index) || a.index - b.index)
    .map(({ marker, id }, position) => ({
      id,
      label: position + 1,
      lat: marker.lat,
      lng: marker.lng,
      notes: marker.notes,
      unitNumberRange: marker.unitNumberRange,
      hasUnitRange: marker.unitNumberRange.trim() !== '',
      isDoor: marker.isDoor,
      order: position,
    }));
};

/** The walk, placed where its location is now. */
const load = async (actor: Actor, action: 'read' | 'update' | 'delete', walkId: number) => {
  const { data } = await db.entities.walk.get({ walkId }).go();
  if (!data) throw new NotFoundError(notFound);
  const walk = await placedAtLiveLocation(db, data, notFound);
  authorize(actor, action, placementOf(walk), notFound);
  return walk;
};

/** A report the actor may read, with everything recorded on it (one Query of the `report` collection). */
const loadReport = async (actor: Actor, walkReportId: number) => {
  const { data } = await db.collections.report({ walkReportId }).go({ pages: 'all' });
  const stored = data.walkReport[0];
  if (!stored) throw new NotFoundError(reportNotFound);
  const report = await placedAtLiveLocation(db, stored, reportNotFound);
  authorize(actor, 'read', { kind: 'walkReport', id: walkReportId, ...report }, reportNotFound);
  return { report, completed: data.completedMarker, notes: data.walkNote, images: data.markerImage };
};

/** Only the walker writes to their report. Finished or not: a retried write answers what it wrote. */
const loadWalkersReport = async (actor: Actor, walkReportId: number) => {
  const loaded = await loadReport(actor, walkReportId);
  authorize(actor, 'record', { kind: 'walkReport', id: walkReportId, ...loaded.report }, reportNotFound);
  if (loaded.report.userId !== actor.userId)
    throw new ForbiddenError('Only the person walking records on a walk report');
  return loaded;
};

const finishedReport = 'A finished walk report cannot be changed';

/** A new write needs the report still open, and a marker of the report's walk: answers that marker. */
const checkNewWrite = async (report: WalkReportItem, markerId: number) => {
  if (report.finishedAt !== undefined) throw new ConflictError(finishedReport);
  const { data: walk } = await db.entities.walk.get({ walkId: report.walkId }).go();
  const marker = walk?.markers.find((m) => m.id === markerId);
  if (!marker) {
    throw new BadRequestError('markerId: not a marker of this walk', {
      markerId: ['not a marker of this walk'],
    });
  }
  return marker;
};

type Transaction = Parameters<Parameters<typeof db.transaction.write>[0]>[0];
type TransactionItem = ReturnType<Parameters<typeof db.transaction.write>[0]>[number];

/** What a walk report holds at most, by kind of recording write (shared/src/constants.ts). */
const caps = {
  checkpoint: { max: WALK_REPORT_CHECKPOINTS_MAX, noun: 'checkpoints' },
  note: { max: WALK_REPORT_NOTES_MAX, noun: 'notes' },
  photo: { max: WALK_REPORT_PHOTOS_MAX, noun: 'photos' },
} as const;

/** Counts one more item of `kind` on the report, if it is still open and below the cap. */
const countOnReport = (tx: Transaction, walkReportId: number, kind: keyof typeof caps) => {
  const patch = tx.walkReport.patch({ walkReportId });
  const max: number = caps[kind].max;
  const counted =
    kind === 'checkpoint'
      ? patch
          .add({ checkpointCount: 1 })
          .where(
            ({ finishedAt, checkpointCount: n }, { notExists, lt }) =>
              `${notExists(finishedAt)} AND (${notExists(n)} OR ${lt(n, max)})`,
          )
      : kind === 'note'
        ? patch
            .add({ noteCount: 1 })
            .where(
              ({ finishedAt, noteCount: n }, { notExists, lt }) =>
                `${notExists(finishedAt)} AND (${notExists(n)} OR ${lt(n, max)})`,
            )
        : patch
            .add({ photoCount: 1 })
            .where(
              ({ finishedAt, photoCount: n }, { notExists, lt }) =>
                `${notExists(finishedAt)} AND (${notExists(n)} OR ${lt(n, max)})`,
            );
  return counted.commit();
};

/**
 * Writes one recording item and counts it on its report in one transaction, so DynamoDB itself keeps the
 * count within the cap and the report open: parallel writes can never pass a cap. Answers false when an
 * item of the same client id exists already (a racing copy of the same write won); a full or finished
 * report answers 409.
 */
const writeCounted = async (
  walkReportId: number,
  kind: keyof typeof caps,
  create: (tx: Transaction) => TransactionItem,
): Promise<boolean> => {
  const result = await db.transaction.write((tx) => [create(tx), countOnReport(tx, walkReportId, kind)]).go();
  if (!result.canceled) return true;
  if (result.data[0]?.rejected) return false;
  const { data: report } = await db.entities.walkReport.get({ walkReportId }).go();
  if (!report) throw new NotFoundError(reportNotFound);
  if (report.finishedAt !== undefined) throw new ConflictError(finishedReport);
  const { max, noun } = caps[kind];
  throw new ConflictError(`A walk report holds at most ${max} ${noun}`);
};

/** Where the markers of a walk are, by id (markers keep their ids when the walk is edited). */
type MarkerPoints = ReadonlyMap<number, Point>;
/** Metres between an arrival and its marker, to the centimetre (more is the floating point's noise). */
const measure = (arrival: Point, marker: Point) => Math.round(distanceMeters(arrival, marker) * 100) / 100;
const markerPoints = (walk: WalkItem | undefined | null): MarkerPoints =>
  new Map((walk?.markers ?? []).map((m) => [m.id, { lat: m.lat, lng: m.lng }]));

/**
 * A checkpoint as answered. Its distance is the one measured when it was recorded; a checkpoint recorded
 * before distances were stored is measured now, from its walk's marker (null when the walk no longer has it).
 * Far from the marker is the arrival rule's verdict on that distance and the fix's accuracy.
 */
const toCompleted = (c: CompletedMarkerItem, markers: MarkerPoints) => {
  const marker = markers.get(c.markerId);
  const distance = c.distance ?? (marker ? measure(c, marker) : null);
  return {
    id: c.completedMarkerId,
    markerId: c.markerId,
    arrivedAt: c.arrivedAt,
    receivedAt: c.receivedAt,
    lat: c.lat,
    lng: c.lng,
    accuracy: c.accuracy,
    method: c.method ?? ('position' as const),
    distance,
    farFromMarker: distance !== null && !isWithinReach(distance, c.accuracy),
    isDoor: c.isDoor,
    targetUnit: c.targetUnit ?? null,
    picturedUnit: c.picturedUnit ?? null,
  };
};

/** The markers a stored checkpoint is measured from, read only when it has no stored distance. */
const markersFor = async (report: WalkReportItem, c: CompletedMarkerItem): Promise<MarkerPoints> =>
  c.distance !== undefined
    ? new Map()
    : markerPoints((await db.entities.walk.get({ walkId: report.walkId }).go()).data);

const byTakenAt = (a: MarkerImageItem, b: MarkerImageItem) =>
  (a.takenAt ?? a.createdAt).localeCompare(b.takenAt ?? b.createdAt);

const toReport = async (loaded: Awaited<ReturnType<typeof loadReport>>): Promise<WalkReport> => {
  const { report, completed, notes, images } = loaded;
  const [walk, walker] = await Promise.all([
    db.entities.walk.get({ walkId: report.walkId }).go(),
    db.entities.user.get({ userId: report.userId }).go(),
  ]);
  return {
    id: report.walkReportId,
    createdAt: report.createdAt,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt ?? null,
    userId: report.userId,
    user: walker.data ? { firstName: walker.data.firstName, lastName: walker.data.lastName } : null,
    walkId: report.walkId,
    walk: walk.data
      ? { name: walk.data.name, locationId: walk.data.locationId, markers: toWalk(walk.data).markers }
      : null,
    CompletedMarker: completed
      .sort((a, b) => a.arrivedAt.localeCompare(b.arrivedAt))
      .map((c) => toCompleted(c, markerPoints(walk.data))),
    walkNote: notes
      .sort((a, b) => a.walkNoteId - b.walkNoteId)
      .map((n) => ({ id: n.walkNoteId, markerId: n.markerId, note: n.note })),
    // In the order they were taken (as recorded when the phone gave no time). Each view checks its object
    // first (a HEAD): a few at a time.
    markerImage: await mapBounded(images.sort(byTakenAt), async (image) => ({
      walkReportId: report.walkReportId,
      markerId: image.markerId,
      imageName: image.imageName,
      imageUrl: (await presignedView(storage, image.key)).url,
      takenAt: image.takenAt ?? null,
      lat: image.lat ?? null,
      lng: image.lng ?? null,
    })),
    ...totalsOf(report),
  };
};

/**
 * Folds arrivals into the report's row totals: the set of markers reached, the earliest and the latest
 * arrival. Each update is idempotent (a set, a min, a max), so applying an arrival again is safe: a retried
 * checkpoint does, and so does the finish, for all of them, in case a checkpoint's own fold was lost.
 */
const recordArrivals = async (walkReportId: number, arrivals: readonly CompletedMarkerItem[]) => {
  const times = arrivals.map((arrival) => arrival.arrivedAt).sort();
  const [first, last] = [times[0], times.at(-1)];
  if (first === undefined || last === undefined) return;
  const key = { walkReportId };
  await Promise.all([
    db.entities.walkReport
      .patch(key)
      .add({ visitedMarkerIds: arrivals.map((arrival) => arrival.markerId) })
      .go(),
    writeIf(
      db.entities.walkReport
        .patch(key)
        .set({ firstArrivalAt: first })
        .where(
          ({ firstArrivalAt }, { notExists, gt }) =>
            `${notExists(firstArrivalAt)} OR ${gt(firstArrivalAt, first)}`,
        )
        .go(),
    ),
    writeIf(
      db.entities.walkReport
        .patch(key)
        .set({ lastArrivalAt: last })
        .where(
          ({ lastArrivalAt }, { notExists, lt }) =>
            `${notExists(lastArrivalAt)} OR ${lt(lastArrivalAt, last)}`,
        )
        .go(),
    ),
  ]);
};
const recordArrival = (arrival: CompletedMarkerItem) => recordArrivals(arrival.walkReportId, [arrival]);

/** The duration rule's figures, from the report item alone: the same on the detail and on the list row. */
const totalsOf = (item: WalkReportItem): WalkReportTotals => {
  const visited = item.visitedMarkerIds?.length ?? 0;
  const duration = walkDuration({
    startedAt: item.startedAt,
    finishedAt: item.finishedAt ?? null,
    expectedCheckpoints: item.markerCount,
    visitedCheckpoints: visited,
    firstArrivalAt: item.firstArrivalAt ?? null,
    lastArrivalAt: item.lastArrivalAt ?? null,
  });
  return {
    markerCount: item.markerCount,
    completedMarkerCount: visited,
    firstArrivalAt: item.firstArrivalAt ?? null,
    lastArrivalAt: item.lastArrivalAt ?? null,
    totalTime: duration.label,
    totalMinutes: duration.minutes,
    completed: duration.minutes !== null,
  };
};

/** A row of the walk-report table, from the report item alone. */
const toSummary = (item: WalkReportItem, walkers: Map<number, UserItem>): WalkReportSummary => {
  const walker = walkers.get(item.userId);
  const { markerCount, ...totals } = totalsOf(item);
  return {
    id: item.walkReportId,
    createdAt: item.createdAt,
    startedAt: item.startedAt,
    finishedAt: item.finishedAt ?? null,
    user: walker ? { firstName: walker.firstName, lastName: walker.lastName } : null,
    walkId: item.walkId,
    walk: { name: item.walkName, markerCount },
    ...totals,
  };
};

const walkersOf = async (reports: WalkReportItem[]) =>
  new Map((await getUsers(db, [...new Set(reports.map((r) => r.userId))])).map((u) => [u.userId, u]));

const newestReports = (locationId: number, count: number) =>
  db.entities.walkReport.query
    .byLocation({ locationId })
    .go({ order: 'desc', count, pages: 'all' })
    .then(({ data }) => data);

export const implementations: Implementations<'walk'> = {
  'walk.create': async ({ actor, body }) => {
    const location = await visibleLocation(db, actor, body.locationId);
    const walkId = await nextId(db, 'walk');
    const at = {
      walkId,
      locationId: location.locationId,
      organizationId: location.organizationId,
      managementCompanyId: location.managementCompanyId,
    };
    authorize(actor, 'create', placementOf(at), 'Location not found');
    const { data } = await db.entities.walk
      .create({
        ...at,
        name: body.name,
        description: body.description,
        markers: await numberMarkers(body.markers),
      })
      .go();
    return toWalk(data);
  },

  'walk.get': async ({ actor, params }) => toWalk(await load(actor, 'read', params.id)),

  'walk.allByLocation': async ({ actor, params }) => {
    await visibleLocation(db, actor, params.locationId);
    const walks = await readPartition((cursor) =>
      db.entities.walk.query.byLocation({ locationId: params.locationId, state: 'active' }).go({ cursor }),
    );
    return walks.map(toWalk);
  },

  'walk.update': async ({ actor, body }) => {
    const walk = await load(actor, 'update', body.id);
    if (walk.deletedAt !== undefined) throw new NotFoundError(notFound);
    if (body.locationId !== walk.locationId) {
      throw new BadRequestError('locationId: a walk cannot move to another location', {
        locationId: ['a walk cannot move to another location'],
      });
    }
    const { data } = await db.entities.walk
      .patch({ walkId: walk.walkId })
      .set({
        name: body.name,
        description: body.description,
        markers: await numberMarkers(body.markers, new Set(walk.markers.map((m) => m.id))),
      })
      .go({ response: 'all_new' });
    return toWalk(data);
  },

  'walk.startReport': async ({ actor, body }) => {
    const { data: started } = await db.entities.walkReportStart.get({ clientId: body.clientId }).go();
    if (started) {
      // A retried start: the same report, never a second one.
      if (started.userId !== actor.userId) throw new ConflictError('This client id is already used');
      return toReport(await loadReport(actor, started.walkReportId));
    }
    const walk = await load(actor, 'read', body.walkId);
    if (walk.deletedAt !== undefined) throw new NotFoundError(notFound);
    const walkReportId = await nextId(db, 'walkReport');
    const at = {
      locationId: walk.locationId,
      organizationId: walk.organizationId,
      managementCompanyId: walk.managementCompanyId,
    };
    authorize(actor, 'record', { kind: 'walkReport', id: walkReportId, ...at }, notFound);
    const result = await db.transaction
      .write(({ walkReportStart, walkReport, ...tallies }) => [
        walkReportStart.create({ clientId: body.clientId, walkReportId, userId: actor.userId }).commit(),
        walkReport
          .create({
            walkReportId,
            walkId: walk.walkId,
            ...at,
            userId: actor.userId,
            clientId: body.clientId,
            startedAt: body.startedAt,
            walkName: walk.name,
            markerCount: walk.markers.length,
          })
          .commit(),
        ...reportStartTallies(tallies, { locationId: walk.locationId, startedAt: body.startedAt }),
      ])
      .go();
    if (result.canceled) {
      // Two copies of the same start raced: answer the one that won.
      const { data: winner } = await db.entities.walkReportStart.get({ clientId: body.clientId }).go();
      if (!winner || winner.userId !== actor.userId)
        throw new ConflictError('This client id is already used');
      return toReport(await loadReport(actor, winner.walkReportId));
    }
    return toReport(await loadReport(actor, walkReportId));
  },

  'walk.recordCheckpoint': async ({ actor, params, body }) => {
    const { report, completed } = await loadWalkersReport(actor, params.walkReportId);
    const existing = completed.find((c) => c.clientId === body.clientId);
    if (existing) {
      // A retry may follow a write whose totals were not yet applied; applying them again changes nothing.
      if (report.finishedAt === undefined) await recordArrival(existing);
      return toCompleted(existing, await markersFor(report, existing));
    }
    const marker = await checkNewWrite(report, body.markerId);
    const key = { walkReportId: params.walkReportId, clientId: body.clientId };
    const item = {
      ...key,
      completedMarkerId: await nextId(db, 'completedMarker'),
      markerId: body.markerId,
      arrivedAt: body.arrivedAt,
      receivedAt: new Date().toISOString(),
      lat: body.lat,
      lng: body.lng,
      accuracy: body.accuracy,
      method: body.method,
      distance: measure(body, marker),
      isDoor: body.isDoor,
      targetUnit: body.targetUnit,
      picturedUnit: body.picturedUnit,
    };
    const written = await writeCounted(params.walkReportId, 'checkpoint', (tx) =>
      tx.completedMarker.create(item).commit(),
    );
    const { data: stored } = written ? { data: item } : await db.entities.completedMarker.get(key).go();
    if (!stored) throw new ConflictError('This checkpoint could not be recorded, please try again');
    await recordArrival(stored);
    return toCompleted(stored, await markersFor(report, stored));
  },

  'walk.addNote': async ({ actor, params, body }) => {
    const { report, notes } = await loadWalkersReport(actor, params.walkReportId);
    const answer = (n: { walkNoteId: number; markerId: number; note: string }) => ({
      id: n.walkNoteId,
      markerId: n.markerId,
      note: n.note,
    });
    const existing = notes.find((n) => n.clientId === body.clientId);
    if (existing) return answer(existing);
    await checkNewWrite(report, body.markerId);
    const key = { walkReportId: params.walkReportId, clientId: body.clientId };
    const item = {
      ...key,
      walkNoteId: await nextId(db, 'walkNote'),
      markerId: body.markerId,
      note: body.note,
    };
    const written = await writeCounted(params.walkReportId, 'note', (tx) =>
      tx.walkNote.create(item).commit(),
    );
    const { data: stored } = written ? { data: item } : await db.entities.walkNote.get(key).go();
    if (!stored) throw new ConflictError('This note could not be recorded, please try again');
    return answer(stored);
  },

  'walk.finishReport': async ({ actor, params, body }) => {
    const loaded = await loadWalkersReport(actor, params.walkReportId);
    // Finishing twice with the same time is a retry, not a change.
    if (loaded.report.finishedAt === body.finishedAt) return toReport(loaded);
    if (loaded.report.finishedAt !== undefined) throw new ConflictError(finishedReport);
    // The row is complete before the report closes, even if a checkpoint's own fold was lost.
    await recordArrivals(params.walkReportId, loaded.completed);
    try {
      await db.entities.walkReport
        .patch({ walkReportId: params.walkReportId })
        .set({ finishedAt: body.finishedAt })
        .where(({ finishedAt }, { notExists }) => notExists(finishedAt))
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Another finish won the race: the same one is a retry, any other a change.
      const raced = await loadReport(actor, params.walkReportId);
      if (raced.report.finishedAt !== body.finishedAt) throw new ConflictError(finishedReport);
      return toReport(raced);
    }
    return toReport(await loadReport(actor, params.walkReportId));
  },

  'walk.photoUpload': async ({ actor, params, body }) => {
    const { report, images } = await loadWalkersReport(actor, params.walkReportId);
    const key = { walkReportId: params.walkReportId, clientId: body.clientId };
    const owner = {
      managementCompanyId: report.managementCompanyId,
      kind: 'walk-photo' as const,
      id: report.walkReportId,
    };
    const file = { contentType: body.contentType, contentLength: body.contentLength };
    const signFor = async (objectKey: string) => {
      const ticket = await storage.presignUpload({
        key: objectKey,
        ...file,
        expiresIn: PRESIGNED_URL_SECONDS,
      });
      return { ...ticket, imageName: objectKey.slice(objectKey.lastIndexOf('/') + 1) };
    };
    // An upload URL is a new write, even for a recorded photo: none once the report is finished.
    if (report.finishedAt !== undefined) throw new ConflictError(finishedReport);
    // A retried request signs the recorded key again, so the photo lands once.
    const existing = images.find((i) => i.clientId === body.clientId);
    if (existing) return signFor(existing.key);
    await checkNewWrite(report, body.markerId);
    const ticket = await presignOwnedUpload(storage, owner, file);
    const imageName = ticket.key.slice(ticket.key.lastIndexOf('/') + 1);
    // Where and when the phone says it was taken, as far as it knew.
    const taken = {
      takenAt: body.takenAt,
      lat: body.lat,
      lng: body.lng,
      accuracy: body.accuracy,
    };
    const written = await writeCounted(params.walkReportId, 'photo', (tx) =>
      tx.markerImage
        .create({ ...key, markerId: body.markerId, imageName, key: ticket.key, ...taken })
        .commit(),
    );
    if (written) return { ...ticket, imageName };
    const { data: winner } = await db.entities.markerImage.get(key).go();
    if (!winner) throw new ConflictError('This photo could not be recorded, please try again');
    return signFor(winner.key);
  },

  'walk.photo': async ({ actor, params }) => {
    const { images } = await loadReport(actor, params.walkReportId);
    const image = images.find((i) => i.markerId === params.markerId && i.imageName === params.imageName);
    return presignedView(storage, image?.key);
  },

  'walk.reportsByLocation': async ({ actor, params, query }) => {
    await visibleLocation(db, actor, params.locationId);
    if (query.searchTerm) {
      // A search reads a window of the newest reports, not the whole history.
      const window = await newestReports(params.locationId, WALK_REPORT_SEARCH_WINDOW);
      const walkers = await walkersOf(window);
      const rows = window.map((item) => toSummary(item, walkers));
      const page = pageOf(rows, query, (r) => [r.id, r.walk?.name, r.user?.firstName, r.user?.lastName]);
      return { walkReports: page.items, totalCount: page.totalCount };
    }
    if (query.offset + query.limit > WALK_REPORT_PAGE_DEPTH) {
      throw new BadRequestError(`offset: pages reach back at most ${WALK_REPORT_PAGE_DEPTH} reports`, {
        offset: [`pages reach back at most ${WALK_REPORT_PAGE_DEPTH} reports`],
      });
    }
    const [newest, tally] = await Promise.all([
      newestReports(params.locationId, query.offset + query.limit),
      db.entities.locationTally.get({ locationId: params.locationId }).go(),
    ]);
    const page = newest.slice(query.offset);
    const walkers = await walkersOf(page);
    return {
      walkReports: page.map((item) => toSummary(item, walkers)),
      totalCount: tally.data?.walkReportCount ?? 0,
    };
  },

  'walk.report': async ({ actor, params }) => toReport(await loadReport(actor, params.walkReportId)),

  'walk.delete': async ({ actor, params }) => {
    const walk = await load(actor, 'delete', params.id);
    if (walk.deletedAt === undefined) {
      await db.entities.walk.patch({ walkId: walk.walkId }).set({ deletedAt: new Date().toISOString() }).go();
    }
    return { success: true as const, id: params.id };
  },
};

export const handler = createResourceHandler('walk', implementations, withActors(db));
