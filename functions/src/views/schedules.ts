import type { ScheduleItem } from '../db/entities/schedule.ts';

/** A location's walk schedule as the API answers it. */
export const toSchedule = (item: ScheduleItem) => ({
  locationId: item.locationId,
  timeZone: item.timeZone,
  windows: item.windows,
  updatedAt: item.updatedAt ?? null,
});
