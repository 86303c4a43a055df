import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Role } from '@sitewalk/shared/roles';
import type { Task } from '@sitewalk/shared/schemas/task';
import type { User } from '@sitewalk/shared/schemas/user';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aTask, someAssignees } from '../../testing/task-fixtures.ts';
import { aLocation, aPerson, dana } from '../../testing/fixtures.ts';
import { TaskPage } from './task-page.tsx';

/** Everyone here works at Harbor Self Storage (location 4), where the task is. */
const atHarbor = { userToLocation: [{ locationId: 4, location: { name: 'Harbor Self Storage' } }] };
const manager = aPerson({ ...dana, id: 7, roleId: Role.Manager, ...atHarbor });
const assignee = aPerson({
  ...dana,
  id: 21,
  roleId: Role.Employee,
  firstName: 'Eli',
  lastName: 'Employee',
  ...atHarbor,
});
const colleague = aPerson({
  ...dana,
  id: 23,
  roleId: Role.Employee,
  firstName: 'Cal',
  lastName: 'Colleague',
  ...atHarbor,
});
const harbor = aLocation({ id: 4, name: 'Harbor Self Storage' });

/** The task page over a fake API that keeps the task and applies updates and comments to it. */
const renderTask = (who: User, start: Task = aTask(), handlers: FakeHandlers = {}, id = '9') => {
  let current = start;
  const fake = createFakeFetch({
    'task.get': () => current,
    'location.get': () => harbor,
    'task.assignees': ({ query }) => someAssignees(query),
    'task.update': ({ body }) => {
      const change = body as Partial<Task> & { assigneeId?: number | null };
      const people = someAssignees().users;
      const { title, description, dueAt, priority } = change;
      current = {
        ...current,
        ...(change.status ? { status: change.status } : {}),
        ...(title !== undefined ? { title } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(dueAt !== undefined ? { dueAt } : {}),
        ...(priority !== undefined ? { priority } : {}),
        ...(change.assigneeId !== undefined
          ? { assignee: people.find((p) => p.id === change.assigneeId) ?? null }
          : {}),
        completedAt: change.status === 'done' ? '2026-11-24T10:00:00.000Z' : current.completedAt,
      };
      return current;
    },
    'task.addComment': ({ body }) => {
      const comment = {
        id: current.comments.length + 1,
        comment: (body as { comment: string }).comment,
        createdAt: '2026-11-24T10:00:00.000Z',
        user: { id: who.id, firstName: who.firstName, lastName: who.lastName },
      };
      current = { ...current, comments: [...current.comments, comment] };
      return comment;
    },
    'task.delete': ({ params }) => ({ success: true, id: Number(params.id) }),
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.fetch);
  const rendered = renderWithProviders(<TaskPage />, {
    route: `/app/tasks/${id}`,
    path: '/app/tasks/:id',
    routes: [{ path: '/app/tasks', element: <p>tasks list</p> }],
    user: who,
  });
  return { ...rendered, fake };
};

describe('TaskPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the task: title, status, priority, description, location, assignee, author', async () => {
    renderTask(assignee, aTask({ overdue: true, incidentId: 5 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fix the east gate' })).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('Important')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('The latch does not catch.')).toBeInTheDocument();
    expect(screen.getByText('Harbor Self Storage')).toBeInTheDocument();
    expect(screen.getByText('Eli Employee')).toBeInTheDocument();
    expect(screen.getByText(/^Dana Walker, /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Incident 5' })).toHaveAttribute('href', '/app/incidents/5');
    expect(screen.getByText('No comments yet.')).toBeInTheDocument();
  });

  it('lets the assignee start it and mark it done, then reopen it; not delete it', async () => {
    const { fake, user } = renderTask(assignee);
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByText('In progress')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark done' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    // The status chip, and the 'Done' row with when.
    expect(screen.getAllByText('Done')).toHaveLength(2);
    expect(fake.callsOf('task.update').map((c) => c.body)).toEqual([
      { status: 'inProgress' },
      { status: 'done' },
    ]);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // An Employee does not pick assignees.
    expect(screen.queryByRole('combobox', { name: 'Assignee' })).not.toBeInTheDocument();
    expect(fake.callsOf('task.assignees')).toHaveLength(0);
  });

  it('offers someone else of the location no status change, but comments', async () => {
    const { fake, user } = renderTask(colleague);
    await screen.findByRole('heading', { name: 'Fix the east gate' });
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark done' })).not.toBeInTheDocument();

    const comment = screen.getByRole('button', { name: 'Comment' });
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), '   ');
    expect(comment).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'On it tomorrow');
    await user.click(comment);
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getByText('On it tomorrow')).toBeInTheDocument();
    expect(within(list).getByText(/^Cal Colleague · /)).toBeInTheDocument();
    expect(fake.callsOf('task.addComment')[0]?.body).toEqual({ comment: '   On it tomorrow' });
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
  });

  it('lets a Manager reassign it and delete it after confirming', async () => {
    const { fake, user, router } = renderTask(manager);
    const picker = await screen.findByRole('combobox', { name: 'Assignee' });
    // The task names its assignee: not asked for again.
    expect(picker).toHaveValue('Eli Employee');
    expect(fake.callsOf('user.get')).toHaveLength(0);
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /Ana Assistant/ }));
    await waitFor(() => expect(fake.callsOf('task.update')[0]?.body).toEqual({ assigneeId: 22 }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Ana Assistant'),
    );

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this task?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/tasks'));
    expect(fake.callsOf('task.delete')[0]?.params).toEqual({ id: '9' });
  });

  it('shows the API’s refusal of a change', async () => {
    const { user } = renderTask(assignee, aTask(), {
      'task.update': () => fakeError(403, 'You may not change this task'),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark done' }));
    expect(await screen.findByText('You may not change this task')).toBeInTheDocument();
  });

  it("lets the task's creator edit it, an Employee though they are, with the task form's rules", async () => {
    const creator = aPerson({
      ...dana,
      id: 23,
      roleId: Role.Employee,
      firstName: 'Cal',
      lastName: 'Colleague',
      ...atHarbor,
    });
    const { fake, user } = renderTask(
      creator,
      aTask({ createdBy: { id: 23, firstName: 'Cal', lastName: 'Colleague' } }),
    );
    // Due 17:00 UTC reads 11:00 AM at Harbor (Springfield, IL), in the dialog as on the page.
    expect(await screen.findByText(/Nov 25, 2026, 11:00\sAM CST/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    expect(within(dialog).getByLabelText(/^Due/)).toHaveValue('2026-11-25T11:00');
    expect(within(dialog).getByText('Location time (CST)')).toBeInTheDocument();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A task needs a title')).toBeInTheDocument();
    expect(fake.callsOf('task.update')).toHaveLength(0);

    await user.type(title, 'Fix the west gate');
    const due = within(dialog).getByLabelText(/^Due/);
    await user.clear(due);
    await user.type(due, '2026-12-02T08:15');
    await user.click(within(dialog).getByRole('combobox', { name: 'Priority' }));
    await user.click(screen.getByRole('option', { name: 'Critical' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsOf('task.update').map((c) => c.body)).toEqual([
      {
        title: 'Fix the west gate',
        description: 'The latch does not catch.',
        dueAt: '2026-12-02T14:15:00.000Z',
        priority: 1,
      },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Fix the west gate' })).toBeInTheDocument();
    // Creating a task does not make its creator a lead: no assignee picker, no delete, no status change.
    expect(screen.queryByRole('combobox', { name: 'Assignee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  it('offers no edit to an Employee who did not create the task, nor to its assignee', async () => {
    const { unmount } = renderTask(colleague);
    await screen.findByRole('heading', { name: 'Fix the east gate' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    renderTask(assignee);
    await screen.findByRole('button', { name: 'Start' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it("offers nothing but comments at a location outside the signed-in user's scope", async () => {
    const elsewhere = aPerson({ ...dana, id: 21, roleId: Role.Manager, userToLocation: [] });
    renderTask(elsewhere);
    await screen.findByRole('heading', { name: 'Fix the east gate' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Assignee' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comment' })).toBeInTheDocument();
  });

  it("says 'Task not found' for a task the API does not find, and for an id that is no id", async () => {
    const { unmount } = renderTask(assignee, aTask(), { 'task.get': () => fakeError(404, 'Task not found') });
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    const { fake } = renderTask(assignee, aTask(), {}, 'abc');
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
    expect(fake.callsOf('task.get')).toHaveLength(0);
  });
});
