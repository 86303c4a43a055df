import * as z from 'zod';
import { clientId, id, idParam, isoDateTime, instant, pagedQuery } from './common.ts';
import { requiredAs } from './required.ts';
import { priority } from './incident.ts';
import { discrepancyRef } from './lockCheck.ts';
import { TASK_COMMENT_MAX_LENGTH, TASK_DESCRIPTION_MAX_LENGTH, TASK_TITLE_MAX_LENGTH } from '../constants.ts';
import { isLocalInput } from '../time.ts';

export const taskStatuses = ['open', 'inProgress', 'done'] as const;
export const taskStatus = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof taskStatus>;
export const taskStatusNames: Record<TaskStatus, string> = {
  open: 'Open',
  inProgress: 'In progress',
  done: 'Done',
};

const title = z
  .string()
  .trim()
  .min(1, 'A task needs a title')
  .max(TASK_TITLE_MAX_LENGTH, `At most ${TASK_TITLE_MAX_LENGTH} characters`);
const description = z.string().trim().max(TASK_DESCRIPTION_MAX_LENGTH);

/** A task, on its own or from an incident or an alert (then its location is theirs). Priority as incidents: 1 Critical, 2 Important, 3 Regular. */
export const createTaskBody = z.object({
  title,
  description: description.default(''),
  locationId: id,
  /** Someone the creator may see at the location; null leaves it unassigned. */
  assigneeId: id.nullable().default(null),
  dueAt: instant,
  priority,
  incidentId: id.optional(),
  alertId: id.optional(),
  /** A lock check's discrepancy the task follows up (issue 31): the report links to the task. */
  lockDiscrepancy: discrepancyRef.optional(),
  /** The client's id of this create: a retried request with it answers the task it made, never a second. */
  clientId: clientId.optional(),
});

export const updateTaskBody = z
  .object({
    title,
    description,
    assigneeId: id.nullable(),
    dueAt: instant,
    priority,
    status: taskStatus,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');

/**
 * A `datetime-local` value: a due time on the wall clock of the task's location. The form turns it into the
 * instant the API takes once it knows the location's zone (`instantOfLocalInput`).
 */
const dueInput = z.string().refine(isLocalInput, 'A task needs a due date and time');

/** The New task form: the create body's fields as a person fills them in. */
export const taskForm = z.object({
  title,
  description,
  locationId: requiredAs(id, 'Choose a location'),
  assigneeId: id.nullable(),
  due: dueInput,
  priority,
});

/** Editing a task: what its creator and the location's leads may change (its place and assignee stay). */
export const taskEditForm = taskForm.pick({ title: true, description: true, due: true, priority: true });

export const taskCommentBody = z.object({
  comment: z.string().trim().min(1, 'A comment needs text').max(TASK_COMMENT_MAX_LENGTH),
});

const person = z.object({ id, firstName: z.string(), lastName: z.string() });

export const taskComment = z.object({
  id,
  comment: z.string(),
  createdAt: isoDateTime,
  user: person.nullable(),
});

export const task = z.object({
  id,
  title: z.string(),
  description: z.string(),
  locationId: id,
  location: z.object({ name: z.string() }),
  assignee: person.nullable(),
  createdBy: person.nullable(),
  dueAt: isoDateTime,
  priority: z.number().int(),
  status: taskStatus,
  /** Not done and past its due time. */
  overdue: z.boolean(),
  incidentId: id.nullable(),
  alertId: id.nullable(),
  lockDiscrepancy: discrepancyRef.nullable().default(null),
  comments: z.array(taskComment),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
});
export type Task = z.infer<typeof task>;

/** `mine`: assigned to me; `locations`: at my locations; `overdue`: at my locations, not done and past due. */
export const taskViews = ['mine', 'locations', 'overdue'] as const;

export const tasksQuery = pagedQuery.extend({
  view: z.enum(taskViews).default('mine'),
  status: taskStatus.optional(),
  priority: z.enum(['1', '2', '3']).transform(Number).optional(),
  locationId: idParam.optional(),
});

export const tasksPage = z.object({
  tasks: z.array(task),
  totalCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});

/** A page of whom a task at a location may be assigned to (`task.assignees`), by last name. */
export const assignees = z.object({
  users: z.array(person.extend({ roleId: z.number().int() })),
  totalCount: z.number().int().nonnegative(),
});
