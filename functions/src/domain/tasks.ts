import type * as z from 'zod';
import { canSee, taskPlacementOf, type Actor, type PlacementOf } from '@sitewalk/shared/policy';
import { Role } from '@sitewalk/shared/roles';
import { priorityName } from '@sitewalk/shared/constants';
import type { createTaskBody, tasksQuery, updateTaskBody } from '@sitewalk/shared/schemas/task';
import type { DataService } from '../db/service.ts';
import { UNASSIGNED, type TaskItem } from '../db/entities/task.ts';
import { NEVER_DUE } from '../db/entities/schedule.ts';
import type { LocationItem } from '../db/entities/location.ts';
import {
  addTaskComment,
  createTask,
  deleteTask,
  getTask,
  overdueChecked,
  taskCreatedWith,
  tasksDueBy,
  tasksOfAssignee,
  tasksOfLocation,
  updateTask,
} from '../db/tasks.ts';
import { nextId } from '../db/counters.ts';
import { getIncident } from '../db/incidents.ts';
import { inboxEntry } from '../db/alerts.ts';
import { getLocation, getLocations, locationsInScope } from '../db/locations.ts';
import {
  byLastName,
  getUser,
  listUsersOfCompany,
  ownMemberIdsOfOrganization,
  userIdsOfLocation,
} from '../db/users.ts';
import type { OutboxMail } from '../db/mail-outbox.ts';
import { clock } from '../ports/clock.ts';
import type { DueCheck } from './alert-drafts.ts';
import { authorize } from './authorize.ts';
import { BadRequestError, ConflictError, NotFoundError } from './errors.ts';
import { mapBounded } from './fan-out.ts';
import { pageOf, type PageRequest } from './paging.ts';
import { pageOfUsers } from './user-pages.ts';
import { atLocation, visibleLocation } from './placements.ts';
import { loadUserScope } from './scope.ts';
import { taskAssignedMail } from './mails.ts';
import { DISCREPANCY_HAS_TASK, followedDiscrepancy } from './lock-checks.ts';

/** Overdue tasks alerted per evaluator run at most; the rest are due still, for the next run. */
export const OVERDUE_PER_RUN = 200;
const notFound = 'Task not found';

export interface TaskDeps {
  db: DataService;
  appUrl: string;
}

/** How long a create's client id answers its task (a retry comes within seconds; a phone's outbox, days). */
const CREATE_GUARD_SECONDS = 30 * 24 * 3600;
const CLIENT_ID_USED = 'This client id is already used';

/** A stored task where it sits (the shared builder; UNASSIGNED is the policy's null). */
const taskPlacement = (
  task: Pick<TaskItem, 'taskId' | 'assigneeId' | 'createdBy'>,
  location: Pick<LocationItem, 'locationId' | 'organizationId' | 'managementCompanyId'>,
): PlacementOf<'task'> =>
  taskPlacementOf(
    {
      id: task.taskId,
      assigneeId: task.assigneeId === UNASSIGNED ? null : task.assigneeId,
      createdBy: task.createdBy,
    },
    location,
  );

const isOverdue = (task: TaskItem, now: Date) => task.status !== 'done' && new Date(task.dueAt) < now;

/** A task's overdue check: armed at its due time while not done, unless already alerted for that time. */
const dueCheckOf = (status: TaskItem['status'], dueAt: string) => (status === 'done' ? NEVER_DUE : dueAt);

export const createTasks = ({ db, appUrl }: TaskDeps) => {
  /** The task as it sits now (its location's live placement), when the caller may `action` it; else 404/403. */
  const load = async (actor: Actor, taskId: number, action: Parameters<typeof authorize<'task'>>[1]) => {
    const task = await getTask(db, taskId);
    const location = task ? await getLocation(db, task.locationId) : null;
    if (!task || !location) throw new NotFoundError(notFound);
    authorize(actor, action, taskPlacement(task, location), notFound);
    return { task, location };
  };

  /** Who the caller may assign a task at this location to: its people, and those above it, whom they see. */
  const assigneesAt = async (actor: Actor, location: LocationItem) => {
    const [members, organizationLeads, company] = await Promise.all([
      userIdsOfLocation(db, location.locationId),
      ownMemberIdsOfOrganization(db, location.organizationId),
      listUsersOfCompany(db, location.managementCompanyId),
    ]);
    const companyLeads = company.filter((u) => u.roleId >= Role.CompanyManager).map((u) => u.userId);
    const candidates = [...new Set([...members, ...organizationLeads, ...companyLeads])];
    const scopes = await mapBounded(candidates, (userId) => loadUserScope(db, userId));
    return scopes.flatMap((scope) => (scope && canSee(actor, scope.placement) ? [scope.user] : []));
  };

  const checkAssignee = async (actor: Actor, location: LocationItem, assigneeId: number | null) => {
    if (assigneeId === null) return;
    const allowed = await assigneesAt(actor, location);
    if (!allowed.some((user) => user.userId === assigneeId)) {
      throw new BadRequestError('The assignee must be someone who works at this location', {
        assigneeId: ['The assignee must be someone who works at this location'],
      });
    }
  };

  /**
   * The assignee's notice for the outbox, unless they assigned it to themselves or have no e-mail. Its key names
   * the task, the assignee and the change's time, so it is queued once with the change that causes it.
   */
  const noticeFor = async (
    actor: Actor,
    task: Pick<TaskItem, 'taskId' | 'assigneeId' | 'title' | 'dueAt' | 'priority'>,
    locationName: string,
    at: string,
  ): Promise<OutboxMail | undefined> => {
    if (task.assigneeId === UNASSIGNED || task.assigneeId === actor.userId) return undefined;
    const assignee = await getUser(db, task.assigneeId);
    if (!assignee?.email) return undefined;
    return {
      mailKey: `task:${task.taskId}:assigned:${task.assigneeId}:${at}`,
      purpose: 'taskAssigned',
      to: assignee.email,
      ...taskAssignedMail({
        firstName: assignee.firstName,
        title: task.title,
        locationName,
        dueAt: task.dueAt,
        priority: priorityName(task.priority),
        link: `${appUrl}/app/tasks/${task.taskId}`,
      }),
    };
  };

  /** The task a create with this client id made, if the caller made it; another caller's id is a 409. */
  const createdBefore = async (actor: Actor, clientId: string) => {
    const guard = await taskCreatedWith(db, clientId);
    if (!guard) return undefined;
    if (guard.userId !== actor.userId) throw new ConflictError(CLIENT_ID_USED);
    return (await load(actor, guard.taskId, 'read')).task;
  };

  return {
    /** Creates a task (Assistant Managers and above of the location), on its own or from an incident or an alert. */
    create: async (actor: Actor, body: z.output<typeof createTaskBody>) => {
      const { clientId } = body;
      const first = clientId === undefined ? undefined : await createdBefore(actor, clientId);
      if (first) return first;
      const location = await visibleLocation(db, actor, body.locationId);
      const draft = { taskId: 0, assigneeId: body.assigneeId ?? UNASSIGNED, createdBy: actor.userId };
      authorize(actor, 'create', taskPlacement(draft, location), 'Location not found');
      if (body.incidentId !== undefined) {
        const incident = await getIncident(db, body.incidentId);
        if (!incident || incident.locationId !== location.locationId) {
          throw new BadRequestError('The incident is not one of this location', {
            incidentId: ['The incident is not one of this location'],
          });
        }
      }
      if (body.alertId !== undefined) {
        const entry = await inboxEntry(db, actor.userId, body.alertId);
        if (!entry || entry.locationId !== location.locationId) {
          throw new BadRequestError('The alert is not one of yours at this location', {
            alertId: ['The alert is not one of yours at this location'],
          });
        }
      }
      const discrepancy =
        body.lockDiscrepancy && (await followedDiscrepancy(db, location.locationId, body.lockDiscrepancy));
      await checkAssignee(actor, location, body.assigneeId);
      const at = clock.now();
      const now = at.toISOString();
      const task: TaskItem = {
        taskId: await nextId(db, 'task'),
        ...atLocation(location),
        title: body.title,
        description: body.description,
        assigneeId: body.assigneeId ?? UNASSIGNED,
        createdBy: actor.userId,
        dueAt: body.dueAt,
        priority: body.priority,
        status: 'open',
        ...(body.incidentId !== undefined ? { incidentId: body.incidentId } : {}),
        ...(body.alertId !== undefined ? { alertId: body.alertId } : {}),
        ...(discrepancy ? { lockDiscrepancy: { ...body.lockDiscrepancy!, unit: discrepancy.unit } } : {}),
        comments: [],
        createdAt: now,
        updatedAt: now,
        dueCheckAt: dueCheckOf('open', body.dueAt),
      };
      const guard =
        clientId === undefined
          ? undefined
          : {
              clientId,
              userId: actor.userId,
              expiresAt: Math.floor(at.getTime() / 1000) + CREATE_GUARD_SECONDS,
            };
      const mail = await noticeFor(actor, task, location.name, now);
      const link = discrepancy && {
        lockCheckId: discrepancy.lockCheckId,
        unitKey: discrepancy.unitKey,
        kind: discrepancy.kind,
      };
      if (await createTask(db, task, { guard, mail, now: at, ...(link ? { discrepancy: link } : {}) }))
        return task;
      // A copy of the same create won the race: answer its task.
      const winner = clientId === undefined ? undefined : await createdBefore(actor, clientId);
      if (!winner && discrepancy) throw new ConflictError(DISCREPANCY_HAS_TASK);
      if (!winner) throw new ConflictError('This task could not be created, please try again');
      return winner;
    },

    get: async (actor: Actor, taskId: number) => (await load(actor, taskId, 'read')).task,

    /** A page of tasks: assigned to the caller, at their locations, or overdue there; filtered and searched. */
    list: async (actor: Actor, query: z.output<typeof tasksQuery>) => {
      const now = clock.now();
      let tasks: TaskItem[];
      if (query.view === 'mine') {
        const mine = await tasksOfAssignee(db, actor.userId);
        const live = new Map(
          (await getLocations(db, [...new Set(mine.map((t) => t.locationId))])).map((l) => [l.locationId, l]),
        );
        tasks = mine.filter((t) => {
          const location = live.get(t.locationId);
          return location && canSee(actor, taskPlacement(t, location));
        });
      } else {
        const locations = query.locationId
          ? [await visibleLocation(db, actor, query.locationId)]
          : await locationsInScope(db, actor);
        tasks = (await mapBounded(locations, (l) => tasksOfLocation(db, l.locationId))).flat();
        if (query.view === 'overdue') tasks = tasks.filter((t) => isOverdue(t, now));
      }
      const matching = tasks
        .filter(
          (t) =>
            (!query.status || t.status === query.status) &&
            (!query.priority || t.priority === query.priority) &&
            (!query.locationId || t.locationId === query.locationId),
        )
        // Soonest due first; then the newest.
        .sort((a, b) => a.dueAt.localeCompare(b.dueAt) || b.taskId - a.taskId);
      const page = pageOf(matching, query, (t) => [t.title, t.description]);
      return { items: page.items, totalCount: page.totalCount };
    },

    /** Changes a task: texts, due time and priority (`update`), assignee (`assign`), status (`changeStatus`). */
    update: async (actor: Actor, taskId: number, body: z.output<typeof updateTaskBody>) => {
      const { task, location } = await load(actor, taskId, 'read');
      const placement = taskPlacement(task, location);
      const { assigneeId, status, ...fields } = body;
      if (Object.keys(fields).length > 0) authorize(actor, 'update', placement, notFound);
      if (assigneeId !== undefined) {
        authorize(actor, 'assign', placement, notFound);
        await checkAssignee(actor, location, assigneeId);
      }
      if (status !== undefined) authorize(actor, 'changeStatus', placement, notFound);
      const now = clock.now().toISOString();
      const nextStatus = status ?? task.status;
      const dueAt = fields.dueAt ?? task.dueAt;
      const rearm = fields.dueAt !== undefined && fields.dueAt !== task.dueAt;
      const changes = {
        ...fields,
        ...(assigneeId !== undefined ? { assigneeId: assigneeId ?? UNASSIGNED } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(status === 'done' && task.status !== 'done' ? { completedAt: now } : {}),
        // Done: nothing to check. Reopened, or a new due time: checked again.
        ...(nextStatus === 'done'
          ? { dueCheckAt: NEVER_DUE }
          : rearm || (status !== undefined && task.status === 'done')
            ? { dueCheckAt: dueCheckOf(nextStatus, dueAt) }
            : {}),
        updatedAt: now,
      };
      const reassigned = assigneeId !== undefined && (assigneeId ?? UNASSIGNED) !== task.assigneeId;
      const mail = reassigned
        ? await noticeFor(actor, { ...task, ...changes }, location.name, now)
        : undefined;
      const updated = await updateTask(
        db,
        task,
        changes,
        status !== undefined && status !== 'done',
        actor,
        mail && { mail, now: new Date(now) },
      );
      if (!updated) throw new NotFoundError(notFound);
      return updated;
    },

    remove: async (actor: Actor, taskId: number) => {
      await load(actor, taskId, 'delete');
      await deleteTask(db, taskId);
    },

    addComment: async (actor: Actor, taskId: number, text: string) => {
      await load(actor, taskId, 'comment');
      const now = clock.now().toISOString();
      const comment = {
        id: await nextId(db, 'taskComment'),
        comment: text,
        userId: actor.userId,
        createdAt: now,
      };
      if (!(await addTaskComment(db, taskId, comment, now))) {
        if (!(await getTask(db, taskId))) throw new NotFoundError(notFound);
        throw new ConflictError('This task has as many comments as it can hold');
      }
      return comment;
    },

    /**
     * A page of whom the caller may assign a task at this location to (the rule checkAssignee enforces), by
     * last name, searched by name and role: the Assignee picker asks for the first PICKER_MATCHES.
     */
    assignees: async (actor: Actor, locationId: number, query: PageRequest) => {
      const location = await visibleLocation(db, actor, locationId);
      authorize(
        actor,
        'assign',
        taskPlacement({ taskId: 0, assigneeId: UNASSIGNED, createdBy: 0 }, location),
        notFound,
      );
      return pageOfUsers((await assigneesAt(actor, location)).sort(byLastName), query);
    },
  };
};

/**
 * The evaluator's overdue-task check: each task past its due time and not done raises one `taskOverdue` alert
 * per due time, to the location's leads and its assignee; bounded by the tasks due.
 */
export const overdueTasksCheck =
  ({ db }: Pick<TaskDeps, 'db'>): DueCheck =>
  async (now, raise) => {
    const due = await tasksDueBy(db, now.toISOString(), OVERDUE_PER_RUN);
    const names = new Map(
      (await getLocations(db, [...new Set(due.map((t) => t.locationId))])).map((l) => [l.locationId, l.name]),
    );
    let raised = 0;
    for (const task of due) {
      const location = names.get(task.locationId);
      if (location !== undefined && task.status !== 'done') {
        const outcome = await raise({
          kind: 'taskOverdue',
          key: `task#${task.taskId}#${task.dueAt}`,
          locationId: task.locationId,
          taskId: task.taskId,
          message: `Task "${task.title}" at ${location} is overdue`,
          alsoTo: task.assigneeId === UNASSIGNED ? [] : [task.assigneeId],
        });
        if (outcome === 'raised') raised += 1;
      }
      await overdueChecked(db, task.taskId, task.dueAt);
    }
    return raised;
  };

/** Open overdue tasks per location, for the daily summary. */
export const overdueTaskCounts =
  ({ db }: Pick<TaskDeps, 'db'>) =>
  async (locationIds: readonly number[]): Promise<Map<number, number>> => {
    const now = clock.now();
    const counts = await mapBounded(
      locationIds,
      async (locationId) =>
        [
          locationId,
          (await tasksOfLocation(db, locationId)).filter((t) => isOverdue(t, now)).length,
        ] as const,
    );
    return new Map(counts);
  };
