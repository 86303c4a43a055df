import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Role } from '@sitewalk/shared/roles';
import type { Task } from '@sitewalk/shared/schemas/task';
import { renderWithFakeApi } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aTask } from '../../testing/task-fixtures.ts';
import { aLocation, aPerson, dana } from '../../testing/fixtures.ts';
import { TasksPage } from './tasks-page.tsx';

const pageOf = (tasks: Task[], totalCount = tasks.length) => ({
  tasks,
  totalCount,
  page: 1,
  limit: 10,
  totalPages: Math.ceil(totalCount / 10),
});

const renderTasks = (handlers: FakeHandlers, roleId: number = Role.Manager) => {
  return renderWithFakeApi(
    <TasksPage />,
    { 'location.someByUser': () => ({ locations: [aLocation({ id: 4 })], totalCount: 1 }), ...handlers },
    {
      route: '/app/tasks',
      path: '/app/tasks',
      routes: [{ path: '/app/tasks/:id', element: <p>task page</p> }],
      user: aPerson({
        ...dana,
        roleId: roleId as never,
        userToLocation: [{ locationId: 4, location: { name: 'Harbor Self Storage', organizationId: 3 } }],
      }),
    },
  );
};

const table = () => within(screen.getByRole('table', { name: 'Tasks' }));
const lastQuery = (fake: ReturnType<typeof createFakeFetch>) =>
  Object.fromEntries(fake.callsOf('task.some').at(-1)!.query);

describe('TasksPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists my tasks first, with due time, overdue, priority and status; a row opens the task', async () => {
    const { fake, user, router } = renderTasks({
      'task.some': () =>
        pageOf([
          aTask(),
          aTask({ id: 10, title: 'Sweep bay 3', overdue: true, priority: 1, status: 'inProgress' }),
        ]),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    expect(await table().findByText('Fix the east gate')).toBeInTheDocument();
    expect(lastQuery(fake)).toEqual({ view: 'mine', limit: '10', offset: '0' });
    const overdue = table().getByText('Sweep bay 3').closest('tr') as HTMLElement;
    expect(within(overdue).getByText(/· Overdue$/)).toBeInTheDocument();
    expect(within(overdue).getByText('Critical')).toBeInTheDocument();
    expect(within(overdue).getByText('In progress')).toBeInTheDocument();
    const open = table().getByText('Fix the east gate').closest('tr') as HTMLElement;
    expect(within(open).queryByText(/Overdue/)).not.toBeInTheDocument();
    expect(within(open).getByText('Open')).toBeInTheDocument();

    await user.click(table().getByText('Sweep bay 3'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/tasks/10'));
  });

  it('asks for my locations’ and the overdue tasks, by status and priority, from the first page', async () => {
    const { fake, user } = renderTasks({ 'task.some': () => pageOf([aTask()], 25) });
    await table().findByText('Fix the east gate');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(fake)).toMatchObject({ offset: '10' }));

    await user.click(screen.getByRole('tab', { name: 'My locations' }));
    await waitFor(() => expect(lastQuery(fake)).toEqual({ view: 'locations', limit: '10', offset: '0' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Done' }));
    await user.click(screen.getByRole('combobox', { name: 'Priority' }));
    await user.click(screen.getByRole('option', { name: 'Regular' }));
    await waitFor(() =>
      expect(lastQuery(fake)).toEqual({
        view: 'locations',
        limit: '10',
        offset: '0',
        status: 'done',
        priority: '3',
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'Overdue' }));
    await waitFor(() => expect(lastQuery(fake)).toMatchObject({ view: 'overdue' }));
  });

  it('searches through the API', async () => {
    const { fake, user } = renderTasks({
      'task.some': ({ query }) =>
        pageOf(
          query.get('searchTerm') === 'gate' ? [aTask()] : [aTask(), aTask({ id: 10, title: 'Sweep bay 3' })],
        ),
    });
    await table().findByText('Sweep bay 3');
    await user.type(screen.getByRole('searchbox', { name: 'Search Tasks' }), ' gate ');
    await waitFor(() => expect(table().queryByText('Sweep bay 3')).not.toBeInTheDocument());
    expect(lastQuery(fake)).toMatchObject({ searchTerm: 'gate', offset: '0' });
  });

  it("says when nothing is overdue, and offers 'New task' to leads only", async () => {
    const { user, unmount } = renderTasks({ 'task.some': () => pageOf([]) });
    expect(await screen.findByRole('link', { name: 'New task' })).toHaveAttribute('href', '/app/tasks/new');
    await user.click(screen.getByRole('tab', { name: 'Overdue' }));
    expect(await screen.findByText('Nothing overdue.')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();

    renderTasks({ 'task.some': () => pageOf([]) }, Role.Employee);
    expect(await screen.findByText('No tasks.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New task' })).not.toBeInTheDocument();
  });

  it('shows the API’s error', async () => {
    renderTasks({ 'task.some': () => fakeError(500, 'The tasks are not available') });
    expect(await screen.findByText('The tasks are not available')).toBeInTheDocument();
  });
});
