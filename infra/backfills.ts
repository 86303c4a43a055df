import type { DataService } from '@sitewalk/functions/db/service';
import { createScheduleOnce } from '@sitewalk/functions/db/schedules';
import { defaultSchedule } from '@sitewalk/functions/domain/schedules';
import { backfillStageLists } from '@sitewalk/functions/db/stage-lists-backfill';

/**
 * Gives every location that has no schedule yet the default windows (locations made before schedules
 * existed), so the evaluator watches them. Answers how many it gave one.
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

/**
 * What items written by an older version need from a newer one, run at the local host's start and, on a
 * deployed stage, by `npm run backfill` after an update (infra/aws/backfill.ts). Each step writes only what is
 * missing, so a second run changes nothing, and each write is safe beside the API's.
 */
export const backfillStage = async (db: DataService, now = new Date()) => ({
  schedules: await backfillSchedules(db, now),
  stageLists: await backfillStageLists(db),
});
