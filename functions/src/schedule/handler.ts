import { dataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { scheduleRoutes } from '@sitewalk/shared/contract/schedule';
import { createSchedules } from '../domain/schedules.ts';
import { toSchedule } from '../views/schedules.ts';

const db = dataFromEnv();
const schedules = createSchedules({ db });

export const implementations: Implementations<'schedule'> = {
  'schedule.get': async ({ actor, params }) => toSchedule(await schedules.get(actor, params.locationId)),

  'schedule.set': async ({ actor, params, body }) =>
    toSchedule(await schedules.set(actor, params.locationId, body)),

  'schedule.today': async ({ actor, query }) => ({
    locations: await schedules.today(actor, query.locationId),
  }),
};

export const handler = createResourceHandler('schedule', scheduleRoutes, implementations, withActors(db));
