import { randomInt } from 'node:crypto';
import type * as z from 'zod';
import type { Actor, PlacementOf } from '@sitewalk/shared/policy';
import type {
  completedMarkerBody,
  discardedWriteBody,
  startWalkReportBody,
  walkNoteBody,
  walkPhotoUploadBody,
} from '@sitewalk/shared/schemas/walkReport';
import {
  WALK_REPORT_DISCARDED_MAX,
  WALK_REPORT_PAGE_DEPTH,
  WALK_REPORT_SEARCH_WINDOW,
} from '@sitewalk/shared/constants';
import { distanceMeters, type Point } from '@sitewalk/shared/arrival';
import { drawUnit } from '@sitewalk/shared/unit-check';
import type { DataService } from '../db/service.ts';
import type { WalkItem } from '../db/entities/walk.ts';
import type { CompletedMarkerItem, WalkReportItem } from '../db/entities/walkReport.ts';
import { clock } from '../ports/clock.ts';
import type { Storage } from '../ports/storage.ts';
import type { CreateOutcome } from '../db/conditional.ts';
import { nextId } from '../db/counters.ts';
import { getUsers } from '../db/users.ts';
import { getWalk } from '../db/walks.ts';
import {
  RECORDING_CAPS,
  finishReport,
  foldArrivals,
  getCompletedMarker,
  getNote,
  getPhoto,
  getReportStart,
  getWalkReport,
  newestReportsOfLocation,
  noteDiscardedWrite,
  readReport,
  recordCompletedMarker,
  recordNote,
  recordPhoto,
  startReport,
  walkReportCountOf,
  type RecordingKind,
} from '../db/walk-reports.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { authorize } from './authorize.ts';
import { atLocation, placedAtLiveLocation, visibleLocation } from './placements.ts';
import { pageOf, type PageRequest } from './paging.ts';
import { mapBounded } from './fan-out.ts';
import { presignOwnedUpload, presignPendingUpload, presignedView } from './uploads.ts';
import { WALK_NOT_FOUND, loadWalk } from './walks.ts';
import { flagsOfReport, reconcileCompletedMarkerFlags } from './flags.ts';

/** How a refusal names each kind of recorded item to the walker (the recorder's word for a completed marker). */
const RECORDING_NOUNS: Record<RecordingKind, string> = {
  completedMarker: 'checkpoint',
  note: 'note',
  photo: 'photo',
};

const REPORT_NOT_FOUND = 'Walk report not found';
const FINISHED = 'A finished walk report cannot be changed';

/** Where the markers of a walk are, by id (markers keep their ids when the walk is edited). */
type MarkerPoints = ReadonlyMap<number, Point>;
const markerPoints = (walk: WalkItem | null): MarkerPoints =>
  new Map((walk?.markers ?? []).map((m) => [m.id, { lat: m.lat, lng: m.lng }]));
/** Metres between an arrival and its marker, to the centimetre (more is the floating point's noise). */
const measure = (arrival: Point, marker: Point) => Math.round(distanceMeters(arrival, marker) * 100) / 100;

/** A completed marker with its distance from its marker: null when the walk no longer has the marker. */
export type MeasuredCompletedMarker = Omit<CompletedMarkerItem, 'distance'> & { distance: number | null };
/**
 * The distance measured when the completed marker was recorded; one recorded before distances were stored
 * is measured now, from its walk's marker.
 */
const measured = (c: CompletedMarkerItem, markers: MarkerPoints): MeasuredCompletedMarker => {
  const marker = markers.get(c.markerId);
  return { ...c, distance: c.distance ?? (marker ? measure(c, marker) : null) };
};

const reportPlacement = (
  walkReportId: number,
  at: Parameters<typeof atLocation>[0],
): PlacementOf<'walkReport'> => ({ kind: 'walkReport', id: walkReportId, ...atLocation(at) });

const imageNameOf = (objectKey: string) => objectKey.slice(objectKey.lastIndexOf('/') + 1);

/** An index in [0, count), from the system's cryptographic generator (past 2^48 units, a scaled one). */
const cryptoPick = (count: number) =>
  count < 2 ** 48 ? randomInt(count) : Math.floor((randomInt(2 ** 48 - 1) / 2 ** 48) * count);

/**
 * The unit each door check of a new report asks for (issue 27): one drawn from each door marker's range as the
 * report starts, never on the phone, so a walker cannot reopen a check until it names a convenient door.
 */
const drawDoorUnits = (walk: Pick<WalkItem, 'markers'>) =>
  walk.markers.flatMap((m) => {
    const unit = m.isDoor ? drawUnit(m.unitNumberRange, cryptoPick) : null;
    return unit === null ? [] : [{ markerId: m.id, unit }];
  });

/**
 * The unit a completed marker asked for: the one its report drew for the marker (none when its range names none),
 * whatever the phone says; the phone's own only on a report started before the API drew units.
 */
const requestedUnitOf = (report: WalkReportItem, markerId: number, claimed: string | undefined) =>
  report.doorUnits ? report.doorUnits.find((d) => d.markerId === markerId)?.unit : claimed;

type StoredReport = NonNullable<Awaited<ReturnType<typeof readReport>>>;
export type ReportDetail = Awaited<ReturnType<ReturnType<typeof createWalkReports>['read']>>;
export type ReportsPage = Awaited<ReturnType<ReturnType<typeof createWalkReports>['listByLocation']>>;

/** Walk reports: started, recorded on and finished by the person walking, read by anyone whose scope holds them. */
export const createWalkReports = ({ db, storage }: { db: DataService; storage: Storage }) => {
  /** The walkers of these reports, by id (one batch read). */
  const walkersOf = async (reports: readonly WalkReportItem[]) => {
    const userIds = reports.map((report) => report.userId);
    const walkers = await getUsers(db, userIds);
    return new Map(walkers.map((u) => [u.userId, u]));
  };

  /** A report the actor may read, with everything recorded on it. */
  const load = async (actor: Actor, walkReportId: number) => {
    const stored = await readReport(db, walkReportId);
    if (!stored) throw new NotFoundError(REPORT_NOT_FOUND);
    const report = await placedAtLiveLocation(db, stored.report, REPORT_NOT_FOUND);
    authorize(actor, 'read', reportPlacement(walkReportId, report), REPORT_NOT_FOUND);
    return { ...stored, report };
  };

  /** Only the walker writes to their report. Finished or not: a retried write answers what it wrote. */
  const loadWalkers = async (actor: Actor, walkReportId: number) => {
    const loaded = await load(actor, walkReportId);
    authorize(actor, 'record', reportPlacement(walkReportId, loaded.report), REPORT_NOT_FOUND);
    if (loaded.report.userId !== actor.userId)
      throw new ForbiddenError('Only the person walking records on a walk report');
    return loaded;
  };

  /** The report as answered: with its walk, its walker, each completed marker measured and each photo's view URL. */
  const detail = async ({ report, completed, notes, images }: StoredReport) => {
    const [walk, [walker = null]] = await Promise.all([
      getWalk(db, report.walkId),
      getUsers(db, [report.userId]),
    ]);
    const markers = markerPoints(walk);
    const measuredMarkers = completed.map((c) => measured(c, markers));
    return {
      report,
      walk,
      walker,
      completed: measuredMarkers,
      flags: flagsOfReport(report, measuredMarkers, images, markers),
      notes,
      // Each view checks its object first (a HEAD): a few at a time.
      images: await mapBounded(images, async (image) => ({
        image,
        url: (await presignedView(storage, image.key)).url,
      })),
    };
  };

  /** A start's report, for the person who started it; a client id another person used is a conflict. */
  const startedReport = async (actor: Actor, start: { walkReportId: number; userId: number } | null) => {
    if (!start || start.userId !== actor.userId) throw new ConflictError('This client id is already used');
    return detail(await load(actor, start.walkReportId));
  };

  /** A new write needs the report still open, and a marker of the report's walk: answers that marker. */
  const markerOfNewWrite = async (report: WalkReportItem, markerId: number) =>
    (await walkOfNewWrite(report, markerId)).marker;
  /** The same, with the walk. */
  const walkOfNewWrite = async (report: WalkReportItem, markerId: number) => {
    if (report.finishedAt !== undefined) throw new ConflictError(FINISHED);
    const walk = await getWalk(db, report.walkId);
    const marker = walk?.markers.find((m) => m.id === markerId);
    if (!marker) {
      throw new BadRequestError('markerId: not a marker of this walk', {
        markerId: ['not a marker of this walk'],
      });
    }
    return { walk, marker };
  };

  /**
   * Decides the report's completed-marker flags again, all together (shared/src/flags.ts), and stores what changed.
   * Idempotent: a retry, and the finish, make again a change a crash may have lost.
   */
  const recordCompletedMarkerFlags = async (
    report: WalkReportItem,
    completed: readonly CompletedMarkerItem[],
    walk: WalkItem | null,
  ) => {
    const markers = markerPoints(walk);
    await reconcileCompletedMarkerFlags(
      db,
      report,
      completed.map((c) => measured(c, markers)),
      markers,
    );
  };

  /**
   * Records an item once: the item written, or the one a racing copy of the same write left. A full or
   * finished report answers 409.
   */
  const recordOnce = async <T>(
    kind: RecordingKind,
    item: T & { walkReportId: number },
    write: () => Promise<CreateOutcome>,
    readExisting: () => Promise<T | null>,
  ): Promise<T> => {
    const outcome = await write();
    if (outcome === 'refused') {
      const report = await getWalkReport(db, item.walkReportId);
      if (!report) throw new NotFoundError(REPORT_NOT_FOUND);
      if (report.finishedAt !== undefined) throw new ConflictError(FINISHED);
      throw new ConflictError(
        `A walk report holds at most ${RECORDING_CAPS[kind]} ${RECORDING_NOUNS[kind]}s`,
      );
    }
    const stored = outcome === 'written' ? item : await readExisting();
    if (!stored)
      throw new ConflictError(`This ${RECORDING_NOUNS[kind]} could not be recorded, please try again`);
    return stored;
  };

  /**
   * Folds arrivals into the report's row totals (markers reached, first and last arrival). Folding is
   * idempotent, so a retried completed marker folds again, and so does the finish, for all of them, in case a
   * completed marker's own fold was lost.
   */
  const recordArrivals = async (walkReportId: number, arrivals: readonly CompletedMarkerItem[]) => {
    const times = arrivals.map((arrival) => arrival.arrivedAt).sort();
    const [first, last] = [times[0], times.at(-1)];
    if (first === undefined || last === undefined) return;
    await foldArrivals(db, walkReportId, { markerIds: arrivals.map((a) => a.markerId), first, last });
  };

  /** The markers a completed marker is measured from, read only when it has no stored distance. */
  const measuredCompletedMarker = async (report: WalkReportItem, c: CompletedMarkerItem) =>
    measured(c, c.distance !== undefined ? new Map() : markerPoints(await getWalk(db, report.walkId)));

  return {
    read: async (actor: Actor, walkReportId: number) => detail(await load(actor, walkReportId)),

    /** Starts a report of a walk; a retried start answers the same report, never a second one. */
    start: async (actor: Actor, body: z.output<typeof startWalkReportBody>) => {
      const started = await getReportStart(db, body.clientId);
      if (started) return startedReport(actor, started);
      const walk = await loadWalk(db, actor, 'read', body.walkId);
      if (walk.deletedAt !== undefined) throw new NotFoundError(WALK_NOT_FOUND);
      // The policy's record rule reads where the report would be; it has no id before it exists.
      authorize(actor, 'record', reportPlacement(0, walk), WALK_NOT_FOUND);
      const report = {
        walkReportId: await nextId(db, 'walkReport'),
        walkId: walk.walkId,
        ...atLocation(walk),
        userId: actor.userId,
        clientId: body.clientId,
        startedAt: body.startedAt,
        walkName: walk.name,
        markerCount: walk.markers.length,
        doorUnits: drawDoorUnits(walk),
      };
      const outcome = await startReport(db, report);
      // Two copies of the same start raced: answer the one that won.
      return startedReport(actor, outcome === 'written' ? report : await getReportStart(db, body.clientId));
    },

    recordCompletedMarker: async (
      actor: Actor,
      walkReportId: number,
      body: z.output<typeof completedMarkerBody>,
    ) => {
      const { report, completed } = await loadWalkers(actor, walkReportId);
      const existing = completed.find((c) => c.clientId === body.clientId);
      if (existing) {
        // A retry may follow a write whose totals were not yet applied; applying them again changes nothing.
        if (report.finishedAt === undefined) {
          await recordArrivals(walkReportId, [existing]);
          await recordCompletedMarkerFlags(report, completed, await getWalk(db, report.walkId));
        }
        return measuredCompletedMarker(report, existing);
      }
      const { walk, marker } = await walkOfNewWrite(report, body.markerId);
      const key = { walkReportId, clientId: body.clientId };
      const item = {
        ...key,
        completedMarkerId: await nextId(db, 'completedMarker'),
        markerId: body.markerId,
        arrivedAt: body.arrivedAt,
        receivedAt: clock.now().toISOString(),
        lat: body.lat,
        lng: body.lng,
        accuracy: body.accuracy,
        sentAt: body.sentAt,
        method: body.method,
        distance: measure(body, marker),
        isDoor: body.isDoor,
        targetUnit: requestedUnitOf(report, body.markerId, body.targetUnit),
        picturedUnit: body.picturedUnit,
      };
      const stored: CompletedMarkerItem = await recordOnce(
        'completedMarker',
        item,
        () => recordCompletedMarker(db, item),
        () => getCompletedMarker(db, key),
      );
      await recordArrivals(walkReportId, [stored]);
      await recordCompletedMarkerFlags(report, [...completed, stored], walk);
      return measuredCompletedMarker(report, stored);
    },

    addNote: async (actor: Actor, walkReportId: number, body: z.output<typeof walkNoteBody>) => {
      const { report, notes } = await loadWalkers(actor, walkReportId);
      const existing = notes.find((n) => n.clientId === body.clientId);
      if (existing) return existing;
      await markerOfNewWrite(report, body.markerId);
      const key = { walkReportId, clientId: body.clientId };
      const item = {
        ...key,
        walkNoteId: await nextId(db, 'walkNote'),
        markerId: body.markerId,
        note: body.note,
      };
      return recordOnce<typeof item>(
        'note',
        item,
        () => recordNote(db, item),
        () => getNote(db, key),
      );
    },

    /** An upload URL for a photo at a marker; the photo is recorded as its URL is handed out. */
    photoUpload: async (actor: Actor, walkReportId: number, body: z.output<typeof walkPhotoUploadBody>) => {
      const { report, images } = await loadWalkers(actor, walkReportId);
      const file = { contentType: body.contentType, contentLength: body.contentLength };
      const signAgain = async (objectKey: string) => ({
        ...(await presignPendingUpload(storage, objectKey, file)),
        imageName: imageNameOf(objectKey),
      });
      // A retried request signs the recorded key again while its file has not landed, so the photo lands once;
      // also after the finish (issue 28): the photo was recorded before it, and the phone sends photos in their
      // own lane, so a slow upload never holds back the finish.
      const existing = images.find((i) => i.clientId === body.clientId);
      if (existing) return signAgain(existing.key);
      // A new photo is a new write: none once the report is finished.
      if (report.finishedAt !== undefined) throw new ConflictError(FINISHED);
      await markerOfNewWrite(report, body.markerId);
      const owner = {
        managementCompanyId: report.managementCompanyId,
        kind: 'walk-photo' as const,
        id: walkReportId,
      };
      const ticket = await presignOwnedUpload(storage, owner, file);
      const key = { walkReportId, clientId: body.clientId };
      const item = {
        ...key,
        markerId: body.markerId,
        imageName: imageNameOf(ticket.key),
        key: ticket.key,
        // Where and when the phone says it was taken, as far as it knew.
        takenAt: body.takenAt,
        lat: body.lat,
        lng: body.lng,
        accuracy: body.accuracy,
        ...(body.door ? { door: true } : {}),
      };
      const stored = await recordOnce<{ key: string }>(
        'photo',
        item,
        () => recordPhoto(db, item),
        () => getPhoto(db, key),
      );
      // Our write landed: the ticket signed for it; else the racing copy's key, signed again.
      return stored === item ? { ...ticket, imageName: item.imageName } : signAgain(stored.key);
    },

    /** A view URL for a photo of the report (null when it was never uploaded). */
    photo: async (actor: Actor, walkReportId: number, photo: { markerId: number; imageName: string }) => {
      const { images } = await load(actor, walkReportId);
      const image = images.find((i) => i.markerId === photo.markerId && i.imageName === photo.imageName);
      return presignedView(storage, image?.key);
    },

    /** Finishes the report. Finishing twice with the same time is a retry, not a change. */
    finish: async (actor: Actor, walkReportId: number, finishedAt: string) => {
      const loaded = await loadWalkers(actor, walkReportId);
      if (loaded.report.finishedAt === finishedAt) return detail(loaded);
      if (loaded.report.finishedAt !== undefined) throw new ConflictError(FINISHED);
      // The row and the flags are complete before the report closes, even if a completed marker's own fold was lost.
      await recordArrivals(walkReportId, loaded.completed);
      await recordCompletedMarkerFlags(
        loaded.report,
        loaded.completed,
        await getWalk(db, loaded.report.walkId),
      );
      const reached = new Set([
        ...(loaded.report.visitedMarkerIds ?? []),
        ...loaded.completed.map((c) => c.markerId),
      ]).size;
      const finished = await finishReport(db, loaded.report, finishedAt, reached);
      const closed = await load(actor, walkReportId);
      // Another finish won the race: the same one is a retry, any other a change.
      if (!finished && closed.report.finishedAt !== finishedAt) throw new ConflictError(FINISHED);
      return detail(closed);
    },

    /**
     * A write the walker discarded on the phone after the API refused it (issue 28), counted on the report once
     * under its client id. The walker's like every write of theirs, and on a finished report too: the refusal
     * often came after the finish.
     */
    noteDiscarded: async (actor: Actor, walkReportId: number, body: z.output<typeof discardedWriteBody>) => {
      const { report } = await loadWalkers(actor, walkReportId);
      const known = report.discardedWriteIds ?? [];
      if (known.includes(body.clientId)) return { walkReportId, discardedCount: known.length };
      if (known.length >= WALK_REPORT_DISCARDED_MAX)
        throw new ConflictError(`A walk report counts at most ${WALK_REPORT_DISCARDED_MAX} discarded writes`);
      if (!(await noteDiscardedWrite(db, walkReportId, body.clientId)))
        throw new NotFoundError(REPORT_NOT_FOUND);
      const stored = await getWalkReport(db, walkReportId);
      return { walkReportId, discardedCount: stored?.discardedWriteIds?.length ?? known.length + 1 };
    },

    /**
     * A page of a location's reports, newest first, with their walkers. A search reads a window of the newest
     * reports, not the whole history; pages without one reach back WALK_REPORT_PAGE_DEPTH reports.
     */
    listByLocation: async (actor: Actor, locationId: number, query: PageRequest) => {
      await visibleLocation(db, actor, locationId);
      if (query.searchTerm) {
        const window = await newestReportsOfLocation(db, locationId, WALK_REPORT_SEARCH_WINDOW);
        const walkers = await walkersOf(window);
        const page = pageOf(window, query, (r) => {
          const walker = walkers.get(r.userId);
          return [r.walkReportId, r.walkName, walker?.firstName, walker?.lastName];
        });
        return { reports: page.items, walkers, totalCount: page.totalCount };
      }
      if (query.offset + query.limit > WALK_REPORT_PAGE_DEPTH) {
        throw new BadRequestError(`offset: pages reach back at most ${WALK_REPORT_PAGE_DEPTH} reports`, {
          offset: [`pages reach back at most ${WALK_REPORT_PAGE_DEPTH} reports`],
        });
      }
      const [newest, totalCount] = await Promise.all([
        newestReportsOfLocation(db, locationId, query.offset + query.limit),
        walkReportCountOf(db, locationId),
      ]);
      const reports = newest.slice(query.offset);
      return { reports, walkers: await walkersOf(reports), totalCount };
    },
  };
};
