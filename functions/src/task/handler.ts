import { dataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { taskRoutes } from '@sitewalk/shared/contract/task';

const db = dataFromEnv();

export const implementations: Implementations<'task'> = {};

export const handler = createResourceHandler('task', taskRoutes, implementations, withActors(db));
