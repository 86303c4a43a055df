import type * as z from 'zod';
import type { Actor } from '@sitewalk/shared/policy';
import {
  DISCREPANCY_KINDS,
  DISCREPANCY_SEVERITY,
  LOCK_FINDINGS,
  discrepanciesOf,
  photoShowsUnit,
  unitKey,
  type DiscrepancyKind,
  type LockFinding,
} from '@sitewalk/shared/lock-check';
import {
  compareUnitNumbers,
  inScope,
  isFullCheck,
  scopeLabel,
  unitsInScope,
  type CheckScope,
  type ImportedUnit,
} from '@sitewalk/shared/roster';
import type {
  lockPhotoUploadBody,
  lockResultBody,
  startLockCheckBody,
} from '@sitewalk/shared/schemas/lockCheck';
import { LOCK_PHOTOS_PER_UNIT_MAX } from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import type { LocationItem } from '../db/entities/location.ts';
import type { LockCheckItem, LockDiscrepancyItem, LockResultItem } from '../db/entities/lockCheck.ts';
import { nextId } from '../db/counters.ts';
import { getLocation } from '../db/locations.ts';
import { getUser } from '../db/users.ts';
import { currentRosterVersion, rosterUnits } from '../db/rosters.ts';
import {
  closeLockCheck,
  createDiscrepancies,
  createLockPhoto,
  photosOfCheck,
  photosOfUnit,
  setLockPhotoRead,
  getLockCheck,
  getLockCheckStart,
  getLockResult,
  getUnitFinding,
  lockChecksPage,
  readLockCheck,
  recordTap,
  setLockCheckCounts,
  startLockCheck,
  unitFindingsPage,
  type StoredLockCheck,
} from '../db/lock-checks.ts';
import { mapBounded } from '../db/bounded.ts';
import type { Storage } from '../ports/storage.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { locationPlacement, visibleLocation } from './placements.ts';
import { canSee } from '@sitewalk/shared/policy';
import { presignOwnedUpload, presignPendingUpload, presignedView } from './uploads.ts';
import type { TextDetector } from '../ports/text-detector.ts';
import { unitFromDetections } from './unit-reading.ts';

export const LOCK_CHECK_NOT_FOUND = 'Lock check not found';
const FINISHED = 'A finished lock check cannot be changed';
const NO_ROSTER = 'This location has no unit roster yet';

/** A check's header with its location as it is now (a moved location takes its checks along). */
interface PlacedCheck {
  check: LockCheckItem;
  location: LocationItem;
}

const scopeOf = (check: Pick<LockCheckItem, 'scope'>) => JSON.parse(check.scope) as CheckScope;

/** The units of the roster version a check is against, by `unitKey`. */
const rosterOf = async (db: DataService, check: LockCheckItem) => {
  const units = await rosterUnits(db, {
    locationId: check.locationId,
    version: check.rosterVersion,
    importId: check.rosterImportId,
  });
  return new Map(units.map((unit) => [unitKey(unit.number), unit]));
};

/** Most severe first, then in walk order, then in the rule table's order. */
const bySeverity = (a: LockDiscrepancyItem, b: LockDiscrepancyItem) =>
  a.severity - b.severity ||
  compareUnitNumbers(a.unit, b.unit) ||
  DISCREPANCY_KINDS.indexOf(a.kind) - DISCREPANCY_KINDS.indexOf(b.kind);

/**
 * Every discrepancy of a check from its results and its roster (shared/src/lock-check.ts): a finished full check's
 * unchecked roster units are not found; until the finish they may still be reached, so none is.
 */
export const discrepanciesOfCheck = (
  check: LockCheckItem,
  results: readonly LockResultItem[],
  roster: ReadonlyMap<string, ImportedUnit>,
  finished: boolean,
): LockDiscrepancyItem[] => {
  const scope = scopeOf(check);
  const fullCheck = finished && isFullCheck(scope);
  const resultOf = new Map(results.map((result) => [result.unitKey, result]));
  const units = new Set([
    ...unitsInScope([...roster.values()], scope).map((u) => unitKey(u.number)),
    ...resultOf.keys(),
  ]);
  return [...units].flatMap((key) => {
    const unit = roster.get(key) ?? null;
    const result = resultOf.get(key);
    const finding = result?.finding ?? null;
    return discrepanciesOf({ unit, finding, fullCheck }).map((kind) => ({
      lockCheckId: check.lockCheckId,
      unitKey: key,
      kind,
      unit: unit?.number ?? result?.unit ?? key,
      severity: DISCREPANCY_SEVERITY[kind],
      finding: finding ?? undefined,
      roster: unit ? JSON.stringify(unit) : undefined,
    }));
  });
};

export const createLockChecks = ({ db, storage }: { db: DataService; storage: Storage }) => {
  /** A check the actor may see, with its location as it is now; else 404. */
  const load = async (actor: Actor, lockCheckId: number): Promise<PlacedCheck> => {
    const check = await getLockCheck(db, lockCheckId);
    const location = check && (await getLocation(db, check.locationId));
    if (!check || !location || !canSee(actor, locationPlacement(location))) {
      throw new NotFoundError(LOCK_CHECK_NOT_FOUND);
    }
    return { check, location };
  };

  /** Only the walker who started a check records into it (as walk reports). */
  const loadWalkers = async (actor: Actor, lockCheckId: number) => {
    const placed = await load(actor, lockCheckId);
    if (placed.check.userId !== actor.userId)
      throw new ForbiddenError('Only the person who started a lock check records into it');
    return placed;
  };

  /** The photos of a check's units as answered: each with a view URL once it arrived (a few HEADs at a time). */
  const photosOf = async (stored: Pick<StoredLockCheck, 'photos'>) =>
    mapBounded(stored.photos, async (photo) => ({
      unitKey: photo.unitKey,
      answer: {
        imageName: photo.imageName,
        url: (await presignedView(storage, photo.key)).url,
        takenAt: photo.takenAt ?? null,
        picturedUnit: photo.picturedUnit || null,
      },
    }));

  type AnsweredPhoto = Awaited<ReturnType<typeof photosOf>>[number]['answer'];

  const resultAnswer = (result: LockResultItem, photos: readonly AnsweredPhoto[]) => ({
    unit: result.unit,
    finding: result.finding,
    seenAt: result.seenAt,
    photoMismatch: photos.some(
      (photo) => photo.picturedUnit !== null && !photoShowsUnit(result.unit, photo.picturedUnit),
    ),
    photos: [...photos],
    discrepancies: (result.discrepancies ?? []) as DiscrepancyKind[],
  });

  const discrepancyAnswer = (item: LockDiscrepancyItem) => ({
    unit: item.unit,
    kind: item.kind,
    severity: item.severity,
    finding: item.finding ?? null,
    roster: item.roster ? (JSON.parse(item.roster) as ImportedUnit) : null,
    resolvedAt: item.resolvedAt ?? null,
    resolvedBy:
      item.resolvedAt === undefined
        ? null
        : { firstName: item.resolvedByFirstName ?? '', lastName: item.resolvedByLastName ?? '' },
    resolution: item.resolution ?? null,
    taskId: item.taskId ?? null,
  });

  /** A check as the list shows it, from its header and (until its counts are written) its results. */
  const summary = (
    { check, location }: PlacedCheck,
    counts: { checkedCount: number; discrepancyCount: number; openDiscrepancyCount: number },
  ) => {
    const scope = scopeOf(check);
    return {
      id: check.lockCheckId,
      locationId: check.locationId,
      location: { name: location.name },
      startedBy: { firstName: check.startedByFirstName, lastName: check.startedByLastName },
      startedAt: check.startedAt,
      finishedAt: check.finishedAt ?? null,
      scope,
      fullCheck: isFullCheck(scope),
      rosterVersion: check.rosterVersion,
      unitCount: check.unitCount,
      ...counts,
    };
  };

  /** The report: every result in walk order, with its photos, and the discrepancies most severe first. */
  const report = async (placed: PlacedCheck, stored?: StoredLockCheck) => {
    const { check } = placed;
    const read = stored ?? (await readLockCheck(db, check.lockCheckId));
    if (!read) throw new NotFoundError(LOCK_CHECK_NOT_FOUND);
    // Discrepancies are items once the finish wrote them; until then they are decided from the results.
    const written = read.check.discrepancyCount !== undefined;
    const [photos, roster] = await Promise.all([photosOf(read), written ? null : rosterOf(db, read.check)]);
    const discrepancies = (
      written
        ? read.discrepancies
        : discrepanciesOfCheck(read.check, read.results, roster ?? new Map(), false)
    ).sort(bySeverity);
    const results = [...read.results]
      .sort((a, b) => compareUnitNumbers(a.unit, b.unit))
      .map((result) =>
        resultAnswer(
          result,
          photos.filter((photo) => photo.unitKey === result.unitKey).map((photo) => photo.answer),
        ),
      );
    const countsByFinding = Object.fromEntries(
      LOCK_FINDINGS.map((finding) => [
        finding,
        read.results.filter((result) => result.finding === finding).length,
      ]),
    ) as Record<LockFinding, number>;
    return {
      ...summary(
        { check: read.check, location: placed.location },
        {
          checkedCount: read.results.filter((result) => result.onRoster).length,
          discrepancyCount: discrepancies.length,
          openDiscrepancyCount: discrepancies.filter((d) => d.resolvedAt === undefined).length,
        },
      ),
      countsByFinding,
      results,
      discrepancies: discrepancies.map(discrepancyAnswer),
    };
  };

  /** A start's check, for the person who started it; a client id another person used is a conflict. */
  const startedCheck = async (actor: Actor, start: { lockCheckId: number; userId: number } | null) => {
    if (!start || start.userId !== actor.userId) throw new ConflictError('This client id is already used');
    return report(await load(actor, start.lockCheckId));
  };

  /** The unit's result as answered, with its photos. */
  const unitResult = async (check: LockCheckItem, result: LockResultItem) => {
    const { data } = await db.entities.lockPhoto.query
      .primary({ lockCheckId: check.lockCheckId, unitKey: result.unitKey })
      .go({ pages: 'all' });
    const photos = await photosOf({ photos: await photosOfUnit(db, check.lockCheckId, result.unitKey) });
    return resultAnswer(
      result,
      photos.map((photo) => photo.answer),
    );
  };

  /** Writes the discrepancies of a closed check that are not written yet, then its counts (once). */
  const recordDiscrepancies = async (check: LockCheckItem) => {
    if (check.discrepancyCount !== undefined) return;
    const roster = await rosterOf(db, check);
    for (let attempt = 1; ; attempt++) {
      const stored = await readLockCheck(db, check.lockCheckId);
      if (!stored) throw new NotFoundError(LOCK_CHECK_NOT_FOUND);
      const found = discrepanciesOfCheck(stored.check, stored.results, roster, true);
      const written = new Set(stored.discrepancies.map((d) => `${d.unitKey}\u0000${d.kind}`));
      const missing = found.filter((d) => !written.has(`${d.unitKey}\u0000${d.kind}`));
      if ((await createDiscrepancies(db, missing)) || attempt >= 3) {
        await setLockCheckCounts(db, check.lockCheckId, {
          checkedCount: stored.results.filter((result) => result.onRoster).length,
          discrepancyCount: found.length,
        });
        return;
      }
    }
  };

  return {
    /** A check with its results and discrepancies, for anyone who sees its location. */
    get: async (actor: Actor, lockCheckId: number) => report(await load(actor, lockCheckId)),

    /**
     * Starts a check at a location against its current roster (the version fixed for the check's life); a
     * retried start answers the same check, never a second one.
     */
    start: async (actor: Actor, body: z.output<typeof startLockCheckBody>) => {
      const started = await getLockCheckStart(db, body.clientId);
      if (started) return startedCheck(actor, started);
      const location = await visibleLocation(db, actor, body.locationId);
      const roster = await currentRosterVersion(db, location.locationId);
      if (!roster) throw new BadRequestError(NO_ROSTER, { locationId: [NO_ROSTER] });
      const [units, walker] = await Promise.all([rosterUnits(db, roster), getUser(db, actor.userId)]);
      const unitCount = unitsInScope(units, body.scope).length;
      if (unitCount === 0) {
        const message = `No unit of the roster is in this scope (${scopeLabel(body.scope)})`;
        throw new BadRequestError(message, { scope: [message] });
      }
      const check = {
        lockCheckId: await nextId(db, 'lockCheck'),
        locationId: location.locationId,
        organizationId: location.organizationId,
        managementCompanyId: location.managementCompanyId,
        userId: actor.userId,
        startedByFirstName: walker?.firstName ?? '',
        startedByLastName: walker?.lastName ?? '',
        clientId: body.clientId,
        startedAt: body.startedAt,
        scope: JSON.stringify(body.scope),
        rosterVersion: roster.version,
        rosterImportId: roster.importId,
        unitCount,
      };
      const outcome = await startLockCheck(db, check);
      // Two copies of the same start raced: answer the one that won.
      return startedCheck(actor, outcome === 'written' ? check : await getLockCheckStart(db, body.clientId));
    },

    /**
     * Records one tap (the walker's): the unit's result unless a newer tap is, and its history either way;
     * idempotent under the tap's client id, also after the finish.
     */
    recordResult: async (actor: Actor, lockCheckId: number, body: z.output<typeof lockResultBody>) => {
      const { check } = await loadWalkers(actor, lockCheckId);
      const key = unitKey(body.unit);
      const tap = {
        locationId: check.locationId,
        unitKey: key,
        seenAt: body.seenAt,
        clientId: body.clientId,
      };
      const answer = async () => {
        const result = await getLockResult(db, lockCheckId, key);
        if (!result) throw new ConflictError('This result could not be recorded, please try again');
        return unitResult(check, result);
      };
      if (check.finishedAt !== undefined) {
        if (await getUnitFinding(db, tap)) return answer();
        throw new ConflictError(FINISHED);
      }
      const scope = scopeOf(check);
      if (!inScope(scope, body.unit)) {
        const message = `Unit ${body.unit} is not in this check's scope (${scopeLabel(scope)})`;
        throw new BadRequestError(message, { unit: [message] });
      }
      const line = (await rosterOf(db, check)).get(key) ?? null;
      const discrepancies = discrepanciesOf({ unit: line, finding: body.finding, fullCheck: false });
      const result: LockResultItem = {
        lockCheckId,
        unitKey: key,
        unit: line?.number ?? body.unit,
        finding: body.finding,
        seenAt: body.seenAt,
        clientId: body.clientId,
        onRoster: line !== null,
        discrepancies,
      };
      const outcome = await recordTap(db, result, {
        ...tap,
        lockCheckId,
        unit: result.unit,
        finding: body.finding,
        userId: actor.userId,
        seenByFirstName: check.startedByFirstName,
        seenByLastName: check.startedByLastName,
        discrepancies,
      });
      if (outcome === 'finished') throw new ConflictError(FINISHED);
      return outcome === 'written' ? unitResult(check, result) : answer();
    },

    /**
     * Finishes the check (its walker): closed first, so no tap lands afterwards, then its discrepancies written
     * once from the frozen results. Finishing again with the same time is a retry (it completes a finish cut
     * short), with another a change (409).
     */
    finish: async (actor: Actor, lockCheckId: number, finishedAt: string) => {
      const placed = await loadWalkers(actor, lockCheckId);
      let { check } = placed;
      if (check.finishedAt === undefined) await closeLockCheck(db, lockCheckId, finishedAt);
      check = (await getLockCheck(db, lockCheckId)) ?? check;
      if (check.finishedAt !== finishedAt) throw new ConflictError(FINISHED);
      await recordDiscrepancies(check);
      return report(placed);
    },

    /**
     * A presigned PUT for a door photo of a unit in the check's scope (its walker's), recorded as its URL is handed
     * out; a retried request signs the same key again while its file has not landed. A new photo after the finish
     * only of a unit with a result, taken before the finish: the phone sends photos in their own lane, behind it.
     */
    photoUpload: async (actor: Actor, lockCheckId: number, body: z.output<typeof lockPhotoUploadBody>) => {
      const { check } = await loadWalkers(actor, lockCheckId);
      const key = unitKey(body.unit);
      const file = { contentType: body.contentType, contentLength: body.contentLength };
      const signAgain = async (photo: { key: string; imageName: string }) => ({
        ...(await presignPendingUpload(storage, photo.key, file)),
        imageName: photo.imageName,
      });
      const photos = await photosOfUnit(db, lockCheckId, key);
      const existing = photos.find((photo) => photo.clientId === body.clientId);
      if (existing) return signAgain(existing);
      const scope = scopeOf(check);
      if (!inScope(scope, body.unit)) {
        const message = `Unit ${body.unit} is not in this check's scope (${scopeLabel(scope)})`;
        throw new BadRequestError(message, { unit: [message] });
      }
      if (check.finishedAt !== undefined) {
        const takenBefore = body.takenAt === undefined || body.takenAt <= check.finishedAt;
        if (!takenBefore || !(await getLockResult(db, lockCheckId, key))) throw new ConflictError(FINISHED);
      }
      if (photos.length >= LOCK_PHOTOS_PER_UNIT_MAX)
        throw new ConflictError(`A unit has at most ${LOCK_PHOTOS_PER_UNIT_MAX} photos in a lock check`);
      const owner = {
        managementCompanyId: check.managementCompanyId,
        kind: 'lock-photo' as const,
        id: lockCheckId,
      };
      const ticket = await presignOwnedUpload(storage, owner, file);
      const item = {
        lockCheckId,
        clientId: body.clientId,
        unit: body.unit,
        unitKey: key,
        imageName: ticket.key.slice(ticket.key.lastIndexOf('/') + 1),
        key: ticket.key,
        takenAt: body.takenAt,
      };
      if (await createLockPhoto(db, item)) return { ...ticket, imageName: item.imageName };
      // A racing copy of the same request recorded its photo first: its key, signed again.
      const raced = (await photosOfUnit(db, lockCheckId, key)).find(
        (photo) => photo.clientId === body.clientId,
      );
      if (!raced) throw new ConflictError('This photo could not be recorded, please try again');
      return signAgain(raced);
    },

    /** A view URL for a photo of the check (null when it never arrived), for anyone who sees it. */
    photo: async (actor: Actor, lockCheckId: number, imageName: string) => {
      await load(actor, lockCheckId);
      const photo = (await photosOfCheck(db, lockCheckId)).find((p) => p.imageName === imageName);
      if (!photo) throw new NotFoundError('Photo not found');
      return presignedView(storage, photo.key);
    },

    /** A page of a location's checks, newest first. */
    byLocation: async (actor: Actor, locationId: number, page: { offset: number; limit: number }) => {
      const location = await visibleLocation(db, actor, locationId);
      const { items, totalCount } = await lockChecksPage(db, locationId, page);
      const lockChecks = await mapBounded(items, async (check) => {
        if (check.discrepancyCount !== undefined) {
          const open = check.discrepancyCount - (check.resolvedCount ?? 0);
          return summary(
            { check, location },
            {
              checkedCount: check.checkedCount ?? 0,
              discrepancyCount: check.discrepancyCount,
              openDiscrepancyCount: open,
            },
          );
        }
        // Not finished yet (or its finish is being written): counted from its results.
        const stored = await readLockCheck(db, check.lockCheckId);
        const results = stored?.results ?? [];
        const discrepancyCount = results.reduce((sum, r) => sum + (r.discrepancies?.length ?? 0), 0);
        return summary(
          { check, location },
          {
            checkedCount: results.filter((result) => result.onRoster).length,
            discrepancyCount,
            openDiscrepancyCount: discrepancyCount,
          },
        );
      });
      return { lockChecks, totalCount };
    },

    /** A unit's findings at a location, newest first. */
    unitHistory: async (
      actor: Actor,
      locationId: number,
      query: { unit: string; offset: number; limit: number },
    ) => {
      await visibleLocation(db, actor, locationId);
      const { items, totalCount } = await unitFindingsPage(db, locationId, unitKey(query.unit), query);
      return {
        findings: items.map((item) => ({
          lockCheckId: item.lockCheckId,
          finding: item.finding,
          seenAt: item.seenAt,
          seenBy: { firstName: item.seenByFirstName, lastName: item.seenByLastName },
          discrepancies: (item.discrepancies ?? []) as DiscrepancyKind[],
        })),
        totalCount,
      };
    },
  };
};

/** A lock check photo's object key: `tenants/{company}/lock-photo/{lockCheckId}/{file}`. */
const LOCK_PHOTO_KEY = /^tenants\/[A-Za-z0-9_-]+\/lock-photo\/(\d+)\/[A-Za-z0-9_.-]+$/;

export const isLockPhotoKey = (key: string) => LOCK_PHOTO_KEY.test(key);

/**
 * Reads the unit number on a lock check's door photo as it arrives (the walkPhoto worker), with the reader door
 * checks use (unit-reading.ts), and stores it on the photo once per object (its ETag): the report compares it
 * with the unit (`photoShowsUnit`).
 */
export const readLockPhotoUnit =
  ({ db, detector }: { db: DataService; detector: TextDetector }) =>
  async (bucket: string, key: string, etag: string): Promise<string> => {
    const match = LOCK_PHOTO_KEY.exec(key);
    if (!match) return 'notALockPhoto';
    const photo = (await photosOfCheck(db, Number(match[1]))).find((p) => p.key === key);
    if (!photo) return 'gone';
    if (photo.readEtag === etag) return 'alreadyRead';
    const read = unitFromDetections(await detector.detectText({ bucket, key }));
    const stored = await setLockPhotoRead(db, photo, { picturedUnit: read.unit ?? '', readEtag: etag });
    if (!stored) return 'alreadyRead';
    return read.unit === null
      ? 'unreadable'
      : photoShowsUnit(photo.unit, read.unit)
        ? 'read'
        : 'read: another unit';
  };
