import type { DataService } from '@sitewalk/functions/db/service';
import { createScheduleOnce } from '@sitewalk/functions/db/schedules';
import { defaultSchedule } from '@sitewalk/functions/domain/schedules';

/**
 * Gives every location that has no schedule yet the default windows (locations made before schedules
 * existed): the local host runs it at start, so the evaluator watches them. Answers how many it gave one.
 */
export const backfillSchedules = async (db: DataService, now = new Date()): Promise<number> => {
  let added = 0;
  let cursor: string | null = null;
  do {
    const page: { data: Parameters<typeof defaultSchedule>[0][]; cursor: string | null } =
      await db.entities.location.scan.go({
        cursor,
        attributes: ['locationId', 'organizationId', 'managementCompanyId', 'latitude', 'longitude'],
      });
    const stored = new Set(
      (await db.entities.schedule.get(page.data.map(({ locationId }) => ({ locationId }))).go()).data.map(
        (s) => s.locationId,
      ),
    );
    for (const location of page.data.filter((l) => !stored.has(l.locationId))) {
      if (await createScheduleOnce(db, defaultSchedule(location, now))) added += 1;
    }
    cursor = page.cursor;
  } while (cursor);
  return added;
};
