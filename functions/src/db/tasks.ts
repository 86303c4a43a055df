import { TASK_COMMENTS_MAX } from '@sitewalk/shared/constants';
import type { DataService } from './service.ts';
import type { TaskItem } from './entities/task.ts';
import { NEVER_DUE } from './entities/schedule.ts';
import { readPartition } from './bounded.ts';
import { writeIf } from './conditional.ts';
import { writeAudited, type AuditActor } from './audit.ts';
import { auditView, changedFields } from './audit-fields.ts';

/** Named access patterns of tasks (docs/data-model.md). */

export type TaskComment = TaskItem['comments'][number];
type TaskChanges = Partial<
  Pick<
    TaskItem,
    'title' | 'description' | 'assigneeId' | 'dueAt' | 'priority' | 'status' | 'completedAt' | 'dueCheckAt'
  >
>;

export const getTask = async (db: DataService, taskId: number) =>
  (await db.entities.task.get({ taskId }).go()).data;

export const createTask = async (db: DataService, item: TaskItem) =>
  (await db.entities.task.create(item).go()).data;

export const tasksOfLocation = (db: DataService, locationId: number) =>
  readPartition((cursor) => db.entities.task.query.byLocation({ locationId }).go({ cursor }));

export const tasksOfAssignee = (db: DataService, assigneeId: number) =>
  readPartition((cursor) => db.entities.task.query.byAssignee({ assigneeId }).go({ cursor }));

/**
 * Changes a task that still exists; answers it as changed, or null when it is gone. A change of its status
 * is recorded in its company's audit log, in the same transaction.
 */
export const updateTask = async (
  db: DataService,
  item: TaskItem,
  changes: TaskChanges,
  removeCompletedAt: boolean,
  actor: AuditActor,
) => {
  const write = () => {
    const patch = db.entities.task.patch({ taskId: item.taskId }).set(changes);
    return (removeCompletedAt ? patch.remove(['completedAt']) : patch).go({ response: 'all_new' });
  };
  if (changes.status === undefined || changes.status === item.status) {
    return (await write()).data as TaskItem | null;
  }
  const after: Record<string, unknown> = { ...item, ...changes };
  if (removeCompletedAt) delete after.completedAt;
  const outcome = await writeAudited(
    db,
    {
      actor,
      record: {
        managementCompanyId: item.managementCompanyId,
        action: 'changeStatus',
        objectKind: 'task',
        objectId: item.taskId,
        objectName: changes.title ?? item.title,
        locationId: item.locationId,
        organizationId: item.organizationId,
        ...changedFields(auditView.task(item), auditView.task(after)),
      },
    },
    ({ task }) => {
      const patch = task.patch({ taskId: item.taskId }).set(changes);
      return [(removeCompletedAt ? patch.remove(['completedAt']) : patch).commit()];
    },
  );
  if (outcome.canceled) return null;
  return getTask(db, item.taskId);
};

/** Appends a comment. False when the task is full of comments or gone (the write's condition). */
export const addTaskComment = (db: DataService, taskId: number, comment: TaskComment, updatedAt: string) =>
  writeIf(
    db.entities.task
      .patch({ taskId })
      .append({ comments: [comment] })
      .set({ updatedAt })
      .where(({ comments }, { size, escape }) => `${size(comments)} < ${escape(TASK_COMMENTS_MAX)}`)
      .go(),
  );

export const deleteTask = async (db: DataService, taskId: number) => {
  await db.entities.task.delete({ taskId }).go();
};

/** The tasks the overdue check must look at by `now`, earliest due first, at most `count` (gsi3). */
export const tasksDueBy = async (db: DataService, now: string, count: number) =>
  (await db.entities.task.query.byDueCheck({}).lte({ dueCheckAt: now }).go({ count, pages: 'all' })).data;

/** The overdue check is done with this due time, if it is still the task's (false: changed or done meanwhile). */
export const overdueChecked = (db: DataService, taskId: number, dueAt: string) =>
  writeIf(
    db.entities.task
      .patch({ taskId })
      .set({ dueCheckAt: NEVER_DUE })
      .where((attr, { eq }) => eq(attr.dueCheckAt, dueAt))
      .go(),
  );
