import type { DataService } from './service.ts';
import type { ScheduleItem } from './entities/schedule.ts';
import { readByKeys } from './bounded.ts';
import { writeIf } from './conditional.ts';
import { scheduleStatus } from './location-status.ts';

/** Named access patterns of schedules (docs/data-model.md). */

export const getSchedule = async (db: DataService, locationId: number) =>
  (await db.entities.schedule.get({ locationId }).go()).data;

/** Schedules by location, in one batch read; locations without one are left out. */
export const getSchedules = (db: DataService, locationIds: readonly number[]) =>
  readByKeys(
    locationIds.map((locationId) => ({ locationId })),
    (keys) => db.entities.schedule.get(keys).go(),
  );

/** Writes a schedule, and its times on its location's status item, in one transaction. */
export const putSchedule = async (db: DataService, item: ScheduleItem) => {
  await db.transaction
    .write(({ schedule, locationStatus }) => [
      schedule.put(item).commit(),
      ...scheduleStatus({ locationStatus }, item),
    ])
    .go();
  return item;
};

/**
 * Writes a schedule only where the location has none yet (a new location's defaults, a backfill), with its times
 * on the location's status item: false when there was one.
 */
export const createScheduleOnce = async (db: DataService, item: ScheduleItem) => {
  const { canceled } = await db.transaction
    .write(({ schedule, locationStatus }) => [
      schedule.create(item).commit(),
      ...scheduleStatus({ locationStatus }, item),
    ])
    .go();
  return !canceled;
};

/** The schedules whose next check is due by `now`, earliest first, at most `count` (gsi3). */
export const schedulesDue = async (db: DataService, now: string, count: number) =>
  (
    await db.entities.schedule.query
      .byNextCheck({})
      .between({ nextCheckAt: '' }, { nextCheckAt: now })
      .go({ count, pages: 'all' })
  ).data;

/**
 * Marks a schedule's checks done up to `checkedUntil` and sets its next check, if nobody did meanwhile (its
 * next check is still `expectedNextCheckAt`): false when another run, or an edit of the schedule, came first.
 */
export const advanceSchedule = (
  db: DataService,
  item: Pick<ScheduleItem, 'locationId' | 'nextCheckAt'>,
  checkedUntil: string,
  nextCheckAt: string,
) =>
  writeIf(
    db.entities.schedule
      .patch({ locationId: item.locationId })
      .set({ checkedUntil, nextCheckAt })
      .where((attr, { eq }) => eq(attr.nextCheckAt, item.nextCheckAt))
      .go(),
  );
