import { dataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { scheduleRoutes } from '@sitewalk/shared/contract/schedule';
import { createSchedules } from '../domain/schedules.ts';
import type { ScheduleItem } from '../db/entities/schedule.ts';

const db = dataFromEnv();
const schedules = createSchedules({ db });

const toSchedule = (item: ScheduleItem) => ({
  locationId: item.locationId,
  timeZone: item.timeZone,
  windows: item.windows,
  updatedAt: item.updatedAt ?? null,
});

export const implementations: Implementations<'schedule'> = {
  'schedule.get': async ({ actor, params }) => toSchedule(await schedules.get(actor, params.locationId)),

  'schedule.set': async ({ actor, params, body }) =>
    toSchedule(await schedules.set(actor, params.locationId, body)),

  'schedule.today': async ({ actor, query }) => ({
    locations: await schedules.today(actor, query.locationId),
  }),
};

export const handler = createResourceHandler('schedule', scheduleRoutes, implementations, withActors(db));
