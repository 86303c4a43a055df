import { LOCK_CHECK_EVERY_DAYS_DEFAULT } from '@sitewalk/shared/constants';
import type { DataService } from './service.ts';
import type { LockCheckCadenceItem } from './entities/lockCheckCadence.ts';
import { writeIf } from './conditional.ts';

const DAY_MS = 86_400_000;

/** `days` after an instant, as the ISO text the due index sorts. */
export const daysAfter = (instant: string, days: number) =>
  new Date(new Date(instant).getTime() + days * DAY_MS).toISOString();

export const getLockCheckCadence = async (db: DataService, locationId: number) =>
  (await db.entities.lockCheckCadence.get({ locationId }).go()).data;

/**
 * A location's first roster starts its count (with the days set before it, or the default); a location checked
 * in full before keeps its count.
 */
export const startLockCheckCadence = async (db: DataService, locationId: number, importedAt: string) => {
  const current = await getLockCheckCadence(db, locationId);
  if (current?.lastFullCheckAt) return;
  const everyDays = current?.everyDays ?? LOCK_CHECK_EVERY_DAYS_DEFAULT;
  await db.entities.lockCheckCadence
    .upsert({ locationId, everyDays, since: importedAt, dueCheckAt: daysAfter(importedAt, everyDays) })
    .go();
};

/**
 * Sets every how many days; the next look is that many after the count's start. Set before the location has a
 * roster, the count starts now and again at its first roster (the evaluator alerts only where there is one).
 */
export const setLockCheckEveryDays = async (
  db: DataService,
  locationId: number,
  everyDays: number,
  now: string,
) => {
  const current = await getLockCheckCadence(db, locationId);
  const since = current?.since ?? now;
  await db.entities.lockCheckCadence
    .upsert({ locationId, everyDays, since, dueCheckAt: daysAfter(since, everyDays) })
    .go();
  return getLockCheckCadence(db, locationId);
};

/** A full check finished: the count starts again from it (one older than the last full check moves nothing). */
export const fullLockCheckFinished = async (db: DataService, locationId: number, finishedAt: string) => {
  const current = await getLockCheckCadence(db, locationId);
  const everyDays = current?.everyDays ?? LOCK_CHECK_EVERY_DAYS_DEFAULT;
  if (current?.lastFullCheckAt !== undefined && current.lastFullCheckAt >= finishedAt) return;
  await db.entities.lockCheckCadence
    .upsert({
      locationId,
      everyDays,
      since: finishedAt,
      lastFullCheckAt: finishedAt,
      dueCheckAt: daysAfter(finishedAt, everyDays),
    })
    .go();
};

/** The locations whose look is due by `now`, earliest first, at most `count` (gsi3). */
export const lockChecksDueBy = async (db: DataService, now: string, count: number) =>
  (
    await db.entities.lockCheckCadence.query
      .byDueCheck({})
      .between({ dueCheckAt: '' }, { dueCheckAt: now })
      .go({ count, pages: 'all' })
  ).data;

/**
 * The evaluator looked at `item` (alerted, or found the location gone): the next look is everyDays later, if
 * nothing moved it meanwhile (false: a full check or a new number of days came first).
 */
export const lockCheckLooked = (db: DataService, item: LockCheckCadenceItem) =>
  writeIf(
    db.entities.lockCheckCadence
      .patch({ locationId: item.locationId })
      .set({ dueCheckAt: daysAfter(item.dueCheckAt, item.everyDays) })
      .where((attr, { eq }) => eq(attr.dueCheckAt, item.dueCheckAt))
      .go(),
  );

/** A deleted location's cadence (its cleanup): 1 when there was one, 0 when none is left. */
export const deleteLockCheckCadence = async (db: DataService, locationId: number) => {
  if (!(await getLockCheckCadence(db, locationId))) return 0;
  await db.entities.lockCheckCadence.delete({ locationId }).go();
  return 1;
};
