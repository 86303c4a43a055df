import { clock } from '../ports/clock.ts';
import type { DataService } from '../db/service.ts';
import { UNASSIGNED, type TaskItem } from '../db/entities/task.ts';
import type { TaskComment } from '../db/tasks.ts';
import { getLocations } from '../db/locations.ts';
import { getUsers } from '../db/users.ts';

/** Task items as the API answers them (shared/src/schemas/task.ts), with names read in two batches. */

type People = Map<number, { id: number; firstName: string; lastName: string }>;

const peopleOf = async (db: DataService, ids: Iterable<number>): Promise<People> =>
  new Map(
    (
      await getUsers(
        db,
        [...ids].filter((id) => id !== UNASSIGNED),
      )
    ).map((u) => [u.userId, { id: u.userId, firstName: u.firstName, lastName: u.lastName }]),
  );

export const toComment = (comment: TaskComment, people: People) => ({
  id: comment.id,
  comment: comment.comment,
  createdAt: comment.createdAt,
  user: people.get(comment.userId) ?? null,
});

const view = (task: TaskItem, names: Map<number, string>, people: People, now: Date) => ({
  id: task.taskId,
  title: task.title,
  description: task.description,
  locationId: task.locationId,
  location: { name: names.get(task.locationId) ?? '' },
  assignee: people.get(task.assigneeId) ?? null,
  createdBy: people.get(task.createdBy) ?? null,
  dueAt: task.dueAt,
  priority: task.priority,
  status: task.status,
  overdue: task.status !== 'done' && new Date(task.dueAt) < now,
  incidentId: task.incidentId ?? null,
  alertId: task.alertId ?? null,
  lockDiscrepancy: null,
  comments: task.comments.map((c) => toComment(c, people)),
  createdAt: task.createdAt,
  updatedAt: task.updatedAt,
  completedAt: task.completedAt ?? null,
});

export const toTasks = async (db: DataService, tasks: readonly TaskItem[]) => {
  const [locations, people] = await Promise.all([
    getLocations(db, [...new Set(tasks.map((t) => t.locationId))]),
    peopleOf(
      db,
      new Set(tasks.flatMap((t) => [t.assigneeId, t.createdBy, ...t.comments.map((c) => c.userId)])),
    ),
  ]);
  const names = new Map(locations.map((l) => [l.locationId, l.name]));
  const now = clock.now();
  return tasks.map((task) => view(task, names, people, now));
};

export const toTask = async (db: DataService, task: TaskItem) => (await toTasks(db, [task]))[0]!;

export const toCommentOf = async (db: DataService, comment: TaskComment) =>
  toComment(comment, await peopleOf(db, [comment.userId]));
