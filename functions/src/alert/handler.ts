import { dataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { alertRoutes } from '@sitewalk/shared/contract/alert';

const db = dataFromEnv();

export const implementations: Implementations<'alert'> = {};

export const handler = createResourceHandler('alert', alertRoutes, implementations, withActors(db));
