import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { TASK_COMMENTS_MAX, TASK_TITLE_MAX_LENGTH } from '@sitewalk/shared/constants';
import { apiAs, type Api, type BodyOf } from '../support/api.ts';
import { mailsTo, startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';

/** Tasks (issue 17): owners, deadlines, priorities, status and comments, and who may do what. */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let evaluateAt: (now: Date) => Promise<{ raised: number }>;
let a: Tenant;
let admin: Person;
let manager: Person;
let assistant: Person;
let employee: Person;
let otherEmployee: Person;
let managerB: Person;
let locationB: number;

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();
const body = (over: Partial<BodyOf<'task.create'>> = {}): BodyOf<'task.create'> => ({
  title: 'Replace the gate lock',
  description: 'Gate 3 does not latch',
  locationId: a.locationId,
  assigneeId: employee.id,
  dueAt: inADay(),
  priority: 2,
  ...over,
});

beforeAll(async () => {
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  ({ evaluateAt } = await import('@sitewalk/functions/evaluator/handler'));
  admin = await person(t.host.url, Role.Admin);
  a = await seedTenant(t.host.url, { by: admin, label: 'Tasks' });
  const b = await seedTenant(t.host.url, { by: admin, label: 'Elsewhere' });
  locationB = b.locationId;
  manager = await a.person(Role.Manager);
  assistant = await a.person(Role.AssistantManager);
  employee = await a.person(Role.Employee);
  otherEmployee = await a.person(Role.Employee);
  managerB = await b.person(Role.Manager);
  // Nothing of the windows here: only tasks are due.
  for (const [who, locationId] of [
    [manager, a.locationId],
    [managerB, locationB],
  ] as const) {
    await api(who, 'schedule.set', { params: { locationId }, body: { timeZone: 'UTC', windows: [] } });
  }
});
afterAll(() => t.host.close());

describe('creating a task', () => {
  it('answers the task with its location, assignee and author, open and not overdue, and mails the assignee', async () => {
    const task = await api(assistant, 'task.create', { body: body() });
    const me = await api(assistant, 'auth.me');
    const them = await api(employee, 'auth.me');
    expect(task).toMatchObject({
      title: 'Replace the gate lock',
      description: 'Gate 3 does not latch',
      locationId: a.locationId,
      location: { name: 'Location Tasks' },
      assignee: { id: employee.id, firstName: them.firstName, lastName: them.lastName },
      createdBy: { id: assistant.id, firstName: me.firstName, lastName: me.lastName },
      priority: 2,
      status: 'open',
      overdue: false,
      incidentId: null,
      alertId: null,
      comments: [],
      completedAt: null,
    });
    expect(await api(employee, 'task.get', { params: { id: task.id } })).toEqual(task);
    const mails = (await mailsTo(t.standIns.endpoints.ses, employee.email)).filter(
      (m) => m.subject === 'SiteWalk task for you: Replace the gate lock',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body.text).toContain(`/app/tasks/${task.id}`);
    expect(mails[0]?.body.html).toContain('Important');
  });

  it('sends no mail to someone who assigns a task to themselves', async () => {
    const before = (await mailsTo(t.standIns.endpoints.ses, assistant.email)).length;
    await api(assistant, 'task.create', { body: body({ title: 'Mine', assigneeId: assistant.id }) });
    expect((await mailsTo(t.standIns.endpoints.ses, assistant.email)).length).toBe(before);
  });

  it('comes from an incident of the same location', async () => {
    const incident = await api(employee, 'incident.create', {
      body: { locationId: a.locationId, typeId: 1, incidentTexts: ['Broken lock'] },
    });
    const task = await api(manager, 'task.create', { body: body({ incidentId: incident.id }) });
    expect(task.incidentId).toBe(incident.id);
    const elsewhere = await api(admin, 'incident.create', { body: { locationId: locationB, typeId: 1 } });
    const refused = await call(manager, 'POST', '/api/task', body({ incidentId: elsewhere.id }));
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toHaveProperty('incidentId');
  });

  it.each([
    ['no title', { title: '  ' }, 'title'],
    ['a title too long', { title: 'x'.repeat(TASK_TITLE_MAX_LENGTH + 1) }, 'title'],
    ['a due time that is no time', { dueAt: 'tomorrow' }, 'dueAt'],
    ['priority 4', { priority: 4 }, 'priority'],
    ['no location', { locationId: undefined }, 'locationId'],
    ['an assignee who is not at the location', { assigneeId: 'B' }, 'assigneeId'],
    ['an alert that is not the caller’s', { alertId: 99_999_999 }, 'alertId'],
  ])('refuses %s (400, naming the field)', async (_label, change, field) => {
    const values = { ...change } as Record<string, unknown>;
    if (values.assigneeId === 'B') values.assigneeId = managerB.id;
    const response = await call(manager, 'POST', '/api/task', { ...body(), ...values });
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toHaveProperty([field]);
  });

  it('refuses a request with no body', async () => {
    expect((await call(manager, 'POST', '/api/task')).status).toBe(400);
  });

  it('is not for an Employee (403), nor at a location of another tenant (404)', async () => {
    expect((await call(employee, 'POST', '/api/task', body())).status).toBe(403);
    expect((await call(managerB, 'POST', '/api/task', body({ assigneeId: null }))).status).toBe(404);
  });
});

describe('who may assign', () => {
  it('lists the people of the location the caller sees, and is not for an Employee', async () => {
    const { users } = await api(assistant, 'task.assignees', {
      params: { locationId: a.locationId },
      query: { limit: 50 },
    });
    const ids = users.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([manager.id, assistant.id, employee.id, otherEmployee.id]));
    expect(ids).not.toContain(managerB.id);
    expect((await call(employee, 'GET', `/api/task/assignees/${a.locationId}`)).status).toBe(403);
    expect((await call(managerB, 'GET', `/api/task/assignees/${a.locationId}`)).status).toBe(404);
  });

  it('pages them by last name and searches their names (the Assignee picker), none of another company', async () => {
    const params = { locationId: a.locationId };
    const all = await api(assistant, 'task.assignees', { params, query: { limit: 50 } });
    expect(all.totalCount).toBe(all.users.length);
    const lastNames = all.users.map((u) => u.lastName);
    expect(lastNames).toEqual(
      [...lastNames].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })),
    );
    const firstTwo = await api(assistant, 'task.assignees', { params, query: { limit: 2 } });
    expect(firstTwo).toEqual({ users: all.users.slice(0, 2), totalCount: all.totalCount });
    const next = await api(assistant, 'task.assignees', { params, query: { limit: 2, offset: 2 } });
    expect(next.users).toEqual(all.users.slice(2, 4));
    const them = await api(employee, 'auth.me');
    const found = await api(assistant, 'task.assignees', { params, query: { searchTerm: them.lastName } });
    expect(found).toEqual({ users: [expect.objectContaining({ id: employee.id })], totalCount: 1 });
    const theirs = await api(managerB, 'auth.me');
    const other = await api(assistant, 'task.assignees', { params, query: { searchTerm: theirs.lastName } });
    expect(other).toEqual({ users: [], totalCount: 0 });
    const bad = await call(assistant, 'GET', `/api/task/assignees/${a.locationId}?limit=0`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.validationErrors as object)).toEqual(['limit']);
  });
});

describe('working a task', () => {
  it('the assignee starts and finishes it; someone else of the location may not', async () => {
    const task = await api(manager, 'task.create', { body: body({ title: 'Sweep aisle 4' }) });
    const path = `/api/task/${task.id}`;
    expect((await call(otherEmployee, 'PUT', path, { status: 'inProgress' })).status).toBe(403);
    expect(
      (await api(employee, 'task.update', { params: { id: task.id }, body: { status: 'inProgress' } }))
        .status,
    ).toBe('inProgress');
    const done = await api(employee, 'task.update', { params: { id: task.id }, body: { status: 'done' } });
    expect(done.status).toBe('done');
    expect(Date.parse(done.completedAt ?? '')).toBeGreaterThan(0);
    const reopened = await api(manager, 'task.update', { params: { id: task.id }, body: { status: 'open' } });
    expect(reopened).toMatchObject({ status: 'open', completedAt: null });
    // An assignee may not edit its texts, nor reassign it.
    expect((await call(employee, 'PUT', path, { title: 'Sweep nothing' })).status).toBe(403);
    expect((await call(employee, 'PUT', path, { assigneeId: otherEmployee.id })).status).toBe(403);
  });

  it('is reassigned by a lead, who tells the new assignee; its texts, due time and priority change', async () => {
    const task = await api(assistant, 'task.create', { body: body({ title: 'Count the locks' }) });
    const moved = await api(assistant, 'task.update', {
      params: { id: task.id },
      body: { assigneeId: otherEmployee.id },
    });
    expect(moved.assignee?.id).toBe(otherEmployee.id);
    const told = (await mailsTo(t.standIns.endpoints.ses, otherEmployee.email)).filter(
      (m) => m.subject === 'SiteWalk task for you: Count the locks',
    );
    expect(told).toHaveLength(1);
    const dueAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const edited = await api(manager, 'task.update', {
      params: { id: task.id },
      body: { title: 'Count every lock', priority: 1, dueAt, description: '' },
    });
    expect(edited).toMatchObject({ title: 'Count every lock', priority: 1, dueAt, description: '' });
    expect((await call(manager, 'PUT', `/api/task/${task.id}`, { assigneeId: managerB.id })).status).toBe(
      400,
    );
  });

  it.each([
    ['an empty change', {}],
    ['an unknown status', { status: 'finished' }],
    ['priority 0', { priority: 0 }],
  ])('refuses %s (400)', async (_label, change) => {
    const task = await api(manager, 'task.create', { body: body({ title: 'Bad input' }) });
    expect((await call(manager, 'PUT', `/api/task/${task.id}`, change)).status).toBe(400);
  });

  it('takes comments from anyone of the location, oldest first, up to the cap', async () => {
    const task = await api(manager, 'task.create', { body: body({ title: 'Talk about it' }) });
    const first = await api(otherEmployee, 'task.addComment', {
      params: { id: task.id },
      body: { comment: ' The lock is on order ' },
    });
    expect(first).toMatchObject({ comment: 'The lock is on order', user: { id: otherEmployee.id } });
    await api(employee, 'task.addComment', { params: { id: task.id }, body: { comment: 'Thanks' } });
    const read = await api(manager, 'task.get', { params: { id: task.id } });
    expect(read.comments.map((c) => c.comment)).toEqual(['The lock is on order', 'Thanks']);
    expect((await call(employee, 'POST', `/api/task/${task.id}/comment`, { comment: '  ' })).status).toBe(
      400,
    );
    for (let i = 2; i < TASK_COMMENTS_MAX; i++) {
      await api(manager, 'task.addComment', { params: { id: task.id }, body: { comment: `Note ${i}` } });
    }
    expect(
      (await call(manager, 'POST', `/api/task/${task.id}/comment`, { comment: 'One more' })).status,
    ).toBe(409);
  });

  it('is deleted by a Manager, not by an Assistant Manager', async () => {
    const task = await api(assistant, 'task.create', { body: body({ title: 'Delete me' }) });
    expect((await call(assistant, 'DELETE', `/api/task/${task.id}`)).status).toBe(403);
    expect(await api(manager, 'task.delete', { params: { id: task.id } })).toEqual({
      success: true,
      id: task.id,
    });
    expect((await call(manager, 'GET', `/api/task/${task.id}`)).status).toBe(404);
  });
});

describe('lists', () => {
  it('mine, my locations’ and overdue, with filters, search and paging', async () => {
    const locationId = await a.addLocation('Listed');
    const lead = await a.person(Role.Manager, [locationId]);
    const walker = await a.person(Role.Employee, [locationId]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const make = (title: string, over: Partial<BodyOf<'task.create'>> = {}) =>
      api(lead, 'task.create', { body: body({ title, locationId, assigneeId: walker.id, ...over }) });
    const late = await make('Late one', { dueAt: past, priority: 1 });
    const soon = await make('Soon one');
    const theirs = await make('Not mine', { assigneeId: lead.id });
    const titles = (answer: { tasks: { title: string }[] }) => answer.tasks.map((x) => x.title);

    expect(titles(await api(walker, 'task.some', { query: { view: 'mine' } }))).toEqual([
      'Late one',
      'Soon one',
    ]);
    expect(titles(await api(walker, 'task.some', { query: { view: 'locations' } }))).toEqual([
      'Late one',
      'Soon one',
      'Not mine',
    ]);
    const overdue = await api(walker, 'task.some', { query: { view: 'overdue' } });
    expect(titles(overdue)).toEqual(['Late one']);
    expect(overdue.tasks[0]?.overdue).toBe(true);
    expect(titles(await api(lead, 'task.some', { query: { view: 'locations', priority: '1' } }))).toEqual([
      'Late one',
    ]);
    expect(
      titles(await api(lead, 'task.some', { query: { view: 'locations', searchTerm: 'soon' } })),
    ).toEqual(['Soon one']);
    await api(walker, 'task.update', { params: { id: soon.id }, body: { status: 'done' } });
    expect(titles(await api(lead, 'task.some', { query: { view: 'locations', status: 'done' } }))).toEqual([
      'Soon one',
    ]);
    const paged = await api(lead, 'task.some', { query: { view: 'locations', limit: 2, offset: 2 } });
    expect({
      titles: titles(paged),
      page: paged.page,
      totalPages: paged.totalPages,
      total: paged.totalCount,
    }).toEqual({
      titles: ['Not mine'],
      page: 2,
      totalPages: 2,
      total: 3,
    });
    expect(theirs.assignee?.id).toBe(lead.id);
    expect(late.overdue).toBe(true);
    // Another tenant's lists hold none of them.
    expect(titles(await api(managerB, 'task.some', { query: { view: 'locations' } }))).toEqual([]);
    expect((await call(managerB, 'GET', `/api/task?view=locations&locationId=${locationId}`)).status).toBe(
      404,
    );
  });

  it.each([
    ['an unknown view', 'view=all'],
    ['an unknown status', 'status=closed'],
    ['priority 5', 'priority=5'],
  ])('refuses %s (400)', async (_label, query) => {
    expect((await call(manager, 'GET', `/api/task?${query}`)).status).toBe(400);
  });
});

describe('another tenant', () => {
  it("finds nothing of tenant A's task (404 on every route) and changes nothing", async () => {
    const task = await api(manager, 'task.create', { body: body({ title: 'Private' }) });
    const path = `/api/task/${task.id}`;
    expect((await call(managerB, 'GET', path)).status).toBe(404);
    expect((await call(managerB, 'PUT', path, { status: 'done' })).status).toBe(404);
    expect((await call(managerB, 'PUT', path, { title: 'Mine now' })).status).toBe(404);
    expect((await call(managerB, 'POST', `${path}/comment`, { comment: 'hi' })).status).toBe(404);
    expect((await call(managerB, 'DELETE', path)).status).toBe(404);
    expect(await api(manager, 'task.get', { params: { id: task.id } })).toEqual(task);
  });
});

describe('an overdue task', () => {
  it('raises one alert per due time to its assignee and the leads; done tasks never', async () => {
    const locationId = await a.addLocation('Overdue');
    const lead = await a.person(Role.Manager, [locationId]);
    const walker = await a.person(Role.Employee, [locationId]);
    await api(lead, 'schedule.set', { params: { locationId }, body: { timeZone: 'UTC', windows: [] } });
    const dueAt = new Date(Date.now() + 60_000).toISOString();
    const task = await api(lead, 'task.create', {
      body: body({ title: 'Due in a minute', locationId, assigneeId: walker.id, dueAt }),
    });
    const finished = await api(lead, 'task.create', {
      body: body({ title: 'Finished early', locationId, assigneeId: walker.id, dueAt }),
    });
    await api(walker, 'task.update', { params: { id: finished.id }, body: { status: 'done' } });

    const later = new Date(Date.now() + 5 * 60_000);
    await Promise.all([evaluateAt(later), evaluateAt(later)]);
    const alertsOf = async (who: Person) =>
      (await api(who, 'alert.some', { query: { kind: 'taskOverdue', locationId } })).alerts;
    for (const who of [lead, walker]) {
      const alerts = await alertsOf(who);
      expect(alerts.map((x) => [x.taskId, x.message])).toEqual([
        [task.id, 'Task "Due in a minute" at Overdue is overdue'],
      ]);
    }
    await evaluateAt(new Date(later.getTime() + 60_000));
    expect(await alertsOf(lead)).toHaveLength(1);

    // A new due time arms it again.
    const newDue = new Date(Date.now() + 2 * 60_000).toISOString();
    await api(lead, 'task.update', { params: { id: task.id }, body: { dueAt: newDue } });
    await evaluateAt(new Date(Date.now() + 10 * 60_000));
    expect(await alertsOf(lead)).toHaveLength(2);
  });
});
