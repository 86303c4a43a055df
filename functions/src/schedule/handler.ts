import { dataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { scheduleRoutes } from '@sitewalk/shared/contract/schedule';

const db = dataFromEnv();

export const implementations: Implementations<'schedule'> = {};

export const handler = createResourceHandler('schedule', scheduleRoutes, implementations, withActors(db));
