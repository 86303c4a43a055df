import { afterEach, describe, expect, it, vi } from 'vitest';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { anIncident } from '../../testing/incident-fixtures.ts';
import { aLocation, aPerson, dana } from '../../testing/fixtures.ts';
import { aTask, someAssignees } from '../../testing/task-fixtures.ts';
import { TaskAddPage } from './task-add-page.tsx';

const harbor = aLocation({ id: 4, name: 'Harbor Self Storage' });
const elm = aLocation({ id: 6, name: 'Elm Street' });

const renderAdd = (handlers: FakeHandlers, search = '') => {
  const fake = createFakeFetch({
    // The location picker searches on the server, and names a prefilled one by `location.get`.
    'location.someByUser': () => ({ locations: [harbor, elm], totalCount: 2 }),
    'location.get': ({ params }) => (params.id === '6' ? elm : harbor),
    'task.assignees': ({ query }) => someAssignees(query),
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.fetch);
  const rendered = renderWithProviders(<TaskAddPage />, {
    route: `/app/tasks/new${search}`,
    path: '/app/tasks/new',
    routes: [{ path: '/app/tasks/:id', element: <p>task page</p> }],
    user: aPerson(dana),
  });
  return { ...rendered, fake };
};

describe('TaskAddPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("creates a task at a location, for someone of it, due when chosen on the location's clock, and opens it", async () => {
    const { fake, user, router } = renderAdd({ 'task.create': () => aTask({ id: 31 }) });
    expect(screen.getByRole('combobox', { name: 'Assignee' })).toBeDisabled();
    expect(screen.getByText('Choose a location first')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Fix the east gate');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'The latch does not catch.');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'harbor');
    await user.click(await screen.findByRole('option', { name: /Harbor Self Storage/ }));
    expect(fake.callsOf('location.someByUser').at(-1)?.query.get('searchTerm')).toBe('harbor');
    // Whom a task there may be given to, searched on the server.
    await user.type(screen.getByRole('combobox', { name: 'Assignee' }), 'eli');
    await user.click(await screen.findByRole('option', { name: /Eli Employee/ }));
    const asked = fake.callsOf('task.assignees').at(-1);
    expect(asked?.params).toEqual({ locationId: '4' });
    expect(asked?.query.get('searchTerm')).toBe('eli');
    expect(asked?.query.get('limit')).toBe(String(PICKER_MATCHES));
    // The due time is on the location's clock (Springfield, IL), which the field names for a viewer on UTC.
    expect(screen.getByText('Location time (CST)')).toBeInTheDocument();
    const due = screen.getByLabelText(/^Due/);
    await user.clear(due);
    await user.type(due, '2026-12-01T09:30');
    await user.click(screen.getByRole('combobox', { name: 'Priority' }));
    await user.click(screen.getByRole('option', { name: 'Critical' }));
    await user.click(screen.getByRole('button', { name: 'Create task' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/tasks/31'));
    expect(fake.callsOf('task.create')[0]?.body).toEqual({
      title: 'Fix the east gate',
      description: 'The latch does not catch.',
      locationId: 4,
      assigneeId: 21,
      dueAt: '2026-12-01T15:30:00.000Z',
      priority: 1,
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('sends nothing without a title or a location', async () => {
    const { fake, user } = renderAdd({ 'task.create': () => aTask() });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('A task needs a title')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Gate');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Choose a location')).toBeInTheDocument();
    expect(fake.callsOf('task.create')).toHaveLength(0);
  });

  it('is prefilled from an alert and sends its id', async () => {
    const { fake, user } = renderAdd(
      { 'task.create': () => aTask() },
      '?alertId=3&locationId=6&title=Morning+walk+at+Elm+Street+was+missed',
    );
    expect(screen.getByText('From an alert.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue(
      'Morning walk at Elm Street was missed',
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Elm Street'));
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(fake.callsOf('task.create')).toHaveLength(1));
    expect(fake.callsOf('task.create')[0]?.body).toMatchObject({
      alertId: 3,
      locationId: 6,
      title: 'Morning walk at Elm Street was missed',
      assigneeId: null,
    });
  });

  it("is prefilled from a lock check's discrepancy: its title, severity and location, and sends which one", async () => {
    const { fake, user } = renderAdd(
      { 'task.create': () => aTask() },
      '?lockCheckId=41&unit=A-101&kind=lockCut&locationId=6&priority=1&title=Unit+A-101%3A+Lock+cut+or+damaged',
    );
    expect(screen.getByText('From lock check 41, unit A-101.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Unit A-101: Lock cut or damaged');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Critical');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Elm Street'));
    expect(screen.getByRole('combobox', { name: 'Location' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(fake.callsOf('task.create')).toHaveLength(1));
    expect(fake.callsOf('task.create')[0]?.body).toMatchObject({
      lockDiscrepancy: { lockCheckId: 41, unit: 'A-101', kind: 'lockCut' },
      locationId: 6,
      priority: 1,
    });
  });

  it('ignores a discrepancy link that names no whole discrepancy', async () => {
    const { fake, user } = renderAdd(
      { 'task.create': () => aTask() },
      '?lockCheckId=41&kind=nonsense&locationId=6&title=Gate',
    );
    expect(screen.queryByText(/From lock check/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Elm Street'));
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(fake.callsOf('task.create')).toHaveLength(1));
    expect(fake.callsOf('task.create')[0]?.body).not.toHaveProperty('lockDiscrepancy');
  });

  it("is prefilled from an incident: its first text and its location, which stays the incident's", async () => {
    const { fake, user } = renderAdd(
      {
        'incident.get': () =>
          anIncident({
            id: 5,
            locationId: 4,
            incidentTexts: [{ id: 1, incidentNoteText: { text: 'Water leak' } }],
          }),
        'task.create': () => aTask(),
      },
      '?incidentId=5',
    );
    expect(screen.getByText('From incident 5.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Follow up: Water leak'),
    );
    expect(screen.getByRole('combobox', { name: 'Location' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(fake.callsOf('task.create')).toHaveLength(1));
    expect(fake.callsOf('task.create')[0]?.body).toMatchObject({ incidentId: 5, locationId: 4 });
  });

  it('shows the API’s refusal and stays on the form', async () => {
    const { user, router } = renderAdd(
      { 'task.create': () => fakeError(400, 'Someone you may not see at this location') },
      '?locationId=4&title=Gate',
    );
    await screen.findByRole('combobox', { name: 'Location' });
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Someone you may not see at this location')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/tasks/new');
  });
});
