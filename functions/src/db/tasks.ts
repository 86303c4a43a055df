import type { DiscrepancyKind } from '@sitewalk/shared/lock-check';
import { TASK_COMMENTS_MAX } from '@sitewalk/shared/constants';
import type { DataService } from './service.ts';
import type { TaskItem } from './entities/task.ts';
import { NEVER_DUE } from './entities/schedule.ts';
import { readPartition } from './bounded.ts';
import { writeIf } from './conditional.ts';
import { writeAudited, type AuditActor, type ChangeItems } from './audit.ts';
import { auditView, changedFields } from './audit-fields.ts';
import { queueMailItem, type OutboxMail } from './mail-outbox.ts';

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

/** The task a create with this client id made, if any. */
export const taskCreatedWith = async (db: DataService, clientId: string) =>
  (await db.entities.taskCreate.get({ clientId }).go({ consistent: true })).data;

/**
 * Creates a task in one transaction with, when given, the guard naming its client id and the assignee's mail
 * in the outbox. False when the guard was there already (a copy of the same create won).
 */
export const createTask = async (
  db: DataService,
  item: TaskItem,
  extras: {
    guard?: { clientId: string; userId: number; expiresAt: number };
    mail?: OutboxMail;
    now: Date;
    /** A lock check discrepancy the task follows up: linked to it here, unless it has a task already. */
    discrepancy?: { lockCheckId: number; unitKey: string; kind: DiscrepancyKind };
  },
) => {
  const { guard, mail, now, discrepancy } = extras;
  const { canceled } = await db.transaction
    .write(({ task, taskCreate, mailOutbox, lockDiscrepancy }) => [
      ...(guard ? [taskCreate.create({ ...guard, taskId: item.taskId }).commit()] : []),
      task.create(item).commit(),
      ...(mail ? [queueMailItem({ mailOutbox }, mail, now)] : []),
      ...(discrepancy
        ? [
            lockDiscrepancy
              .patch(discrepancy)
              .set({ taskId: item.taskId })
              .where((a, op) => op.notExists(a.taskId))
              .commit(),
          ]
        : []),
    ])
    .go();
  return !canceled;
};

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
  /** The new assignee's notice, queued in the same transaction as the change. */
  notice?: { mail: OutboxMail; now: Date },
) => {
  const write = () => {
    const patch = db.entities.task.patch({ taskId: item.taskId }).set(changes);
    return (removeCompletedAt ? patch.remove(['completedAt']) : patch).go({ response: 'all_new' });
  };
  const queued: ChangeItems = ({ mailOutbox }) =>
    notice ? [queueMailItem({ mailOutbox }, notice.mail, notice.now)] : [];
  if (changes.status === undefined || changes.status === item.status) {
    if (!notice) return (await write()).data as TaskItem | null;
    const { canceled } = await db.transaction
      .write(({ task, mailOutbox }) => {
        const patch = task.patch({ taskId: item.taskId }).set(changes);
        return [
          (removeCompletedAt ? patch.remove(['completedAt']) : patch).commit(),
          queueMailItem({ mailOutbox }, notice.mail, notice.now),
        ];
      })
      .go();
    return canceled ? null : getTask(db, item.taskId);
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
    (entities) => {
      const { task } = entities;
      const patch = task.patch({ taskId: item.taskId }).set(changes);
      return [(removeCompletedAt ? patch.remove(['completedAt']) : patch).commit(), ...queued(entities)];
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
  (
    await db.entities.task.query
      .byDueCheck({})
      .between({ dueCheckAt: '' }, { dueCheckAt: now })
      .go({ count, pages: 'all' })
  ).data;

/** The overdue check is done with this due time, if it is still the task's (false: changed or done meanwhile). */
export const overdueChecked = (db: DataService, taskId: number, dueAt: string) =>
  writeIf(
    db.entities.task
      .patch({ taskId })
      .set({ dueCheckAt: NEVER_DUE })
      .where((attr, { eq }) => eq(attr.dueCheckAt, dueAt))
      .go(),
  );
