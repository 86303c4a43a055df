import { readEnv } from '../env.ts';
import { auditedDataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { taskRoutes } from '@sitewalk/shared/contract/task';
import { createTasks } from '../domain/tasks.ts';
import { toCommentOf, toTask, toTasks } from '../views/tasks.ts';

const db = auditedDataFromEnv();
const tasks = createTasks({ db, appUrl: readEnv(['APP_URL']).APP_URL });

export const implementations: Implementations<'task'> = {
  'task.create': async ({ actor, body }) => toTask(db, await tasks.create(actor, body)),

  'task.some': async ({ actor, query }) => {
    const { items, totalCount } = await tasks.list(actor, query);
    return {
      tasks: await toTasks(db, items),
      totalCount,
      page: Math.floor(query.offset / query.limit) + 1,
      limit: query.limit,
      totalPages: Math.ceil(totalCount / query.limit),
    };
  },

  'task.get': async ({ actor, params }) => toTask(db, await tasks.get(actor, params.id)),

  'task.update': async ({ actor, params, body }) => toTask(db, await tasks.update(actor, params.id, body)),

  'task.delete': async ({ actor, params }) => {
    await tasks.remove(actor, params.id);
    return { success: true as const, id: params.id };
  },

  'task.addComment': async ({ actor, params, body }) =>
    toCommentOf(db, await tasks.addComment(actor, params.id, body.comment)),

  'task.assignees': async ({ actor, params, query }) => {
    const { items, totalCount } = await tasks.assignees(actor, params.locationId, query);
    return {
      users: items.map((u) => ({
        id: u.userId,
        firstName: u.firstName,
        lastName: u.lastName,
        roleId: u.roleId,
      })),
      totalCount,
    };
  },
};

export const handler = createResourceHandler('task', taskRoutes, implementations, withActors(db));
