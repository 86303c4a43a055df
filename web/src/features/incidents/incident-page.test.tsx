import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Navigate } from 'react-router';
import { Role } from '@sitewalk/shared/roles';
import type { Incident } from '@sitewalk/shared/schemas/incident';
import type { User } from '@sitewalk/shared/schemas/user';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { anIncident } from '../../testing/incident-fixtures.ts';
import { aLocation, aPerson, dana } from '../../testing/fixtures.ts';
import { IncidentPage } from './incident-page.tsx';

const renderIncident = (
  handlers: FakeHandlers,
  { id = '5', state, user = aPerson(dana) }: { id?: string; state?: unknown; user?: User } = {},
) => {
  const fake = createFakeFetch(handlers);
  vi.stubGlobal('fetch', fake.fetch);
  // Arrive the way a row click does: a navigation carrying the origin as state.
  const rendered = renderWithProviders(<IncidentPage />, {
    route: '/start',
    path: '/app/incidents/:id',
    routes: [{ path: '/start', element: <Navigate to={`/app/incidents/${id}`} state={state} replace /> }],
    user,
  });
  return { ...rendered, fake };
};

const incident = anIncident({
  id: 5,
  typeId: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  location: { name: 'Harbor Self Storage' },
  incidentTexts: [
    { id: 1, incidentNoteText: { text: 'Water leak' } },
    { id: 2, incidentNoteText: { text: 'Damaged door' } },
  ],
  notes: [
    {
      id: 1,
      note: 'First look',
      createdAt: '2026-11-20T11:00:00.000Z',
      user: { firstName: 'Sam', lastName: 'Reed' },
    },
    { id: 2, note: 'Plumber called', createdAt: '2026-11-21T09:00:00.000Z', user: null },
  ],
  images: [{ key: 'a.jpg', presignedUrl: 'https://bucket.test/a.jpg?sig=1' }],
});

describe('IncidentPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the incident: title, priority, status, types, location, times, notes newest first, images', async () => {
    renderIncident({ 'incident.get': () => incident });
    expect(await screen.findByRole('heading', { level: 1, name: 'Incident 5' })).toBeInTheDocument();
    expect(screen.getByTestId('priority-badge')).toHaveTextContent('Important');
    expect(screen.getByTestId('resolved-badge')).toHaveTextContent('Unresolved');
    expect(screen.getByText('Water leak, Damaged door')).toBeInTheDocument();
    expect(screen.getByText('Harbor Self Storage')).toBeInTheDocument();
    expect(screen.getByText('Not resolved')).toBeInTheDocument();
    const notes = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(notes.map((n) => n.textContent)).toEqual([
      expect.stringMatching(/^Plumber calledUnknown User · /),
      expect.stringMatching(/^First lookSam Reed · /),
    ]);
    expect(screen.getByRole('img', { name: 'Incident 5 photo 1' })).toHaveAttribute(
      'src',
      'https://bucket.test/a.jpg?sig=1',
    );
  });

  it.each([
    [{ from: '/app/locations/4#incidents' }, 'Back to Location', '/app/locations/4#incidents'],
    [{ from: '/app/incidents' }, 'Back to Incidents', '/app/incidents'],
    [{ from: '/app?type=1' }, 'Back to Incidents', '/app?type=1'],
    [undefined, 'Back to Incidents', '/app'],
    [{ from: 'https://elsewhere.test' }, 'Back to Incidents', '/app'],
  ])('with origin %j the back link reads %s', async (state, label, href) => {
    renderIncident({ 'incident.get': () => incident }, { state });
    await screen.findByRole('heading', { name: 'Incident 5' });
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it("offers 'Create task' where the policy lets the signed-in user create one: a lead of the incident's location", async () => {
    const at = (roleId: User['roleId'], locationId: number) =>
      aPerson({ ...dana, roleId, userToLocation: [{ locationId, location: { name: 'Somewhere' } }] });
    const handlers: FakeHandlers = {
      'incident.get': () => anIncident({ id: 5, locationId: 4 }),
      'location.get': ({ params }) => aLocation({ id: Number(params.id) }),
    };
    const { unmount } = renderIncident(handlers, { user: at(Role.AssistantManager, 4) });
    expect(await screen.findByRole('link', { name: 'Create task' })).toHaveAttribute(
      'href',
      '/app/tasks/new?incidentId=5',
    );
    unmount();
    vi.unstubAllGlobals();
    for (const user of [at(Role.Employee, 4), at(Role.Manager, 6)]) {
      const { fake, unmount: done } = renderIncident(handlers, { user });
      await screen.findByRole('heading', { name: 'Incident 5' });
      await waitFor(() => expect(fake.callsOf('location.get').length).toBeGreaterThan(0));
      expect(screen.queryByRole('link', { name: 'Create task' })).not.toBeInTheDocument();
      done();
      vi.unstubAllGlobals();
    }
  });

  it("says 'Incident Not Found' for an incident the API does not find", async () => {
    renderIncident({ 'incident.get': () => fakeError(404, 'Incident not found') });
    expect(await screen.findByRole('heading', { name: 'Incident Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Incidents' })).toBeInTheDocument();
  });

  it("says 'Incident Not Found' for an id that is no id", async () => {
    const { fake } = renderIncident({ 'incident.get': () => incident }, { id: 'abc' });
    expect(await screen.findByRole('heading', { name: 'Incident Not Found' })).toBeInTheDocument();
    expect(fake.callsOf('incident.get')).toHaveLength(0);
  });

  it('does not send a blank note, and sends a real one then shows it', async () => {
    let current: Incident = { ...incident, notes: [] };
    const { user, fake } = renderIncident({
      'incident.get': () => current,
      'incident.addNote': ({ body }) => {
        const { note } = body as { note: string };
        const added = {
          id: 9,
          note,
          createdAt: '2026-11-22T08:00:00.000Z',
          user: { firstName: 'Dana', lastName: 'Walker' },
        };
        current = { ...current, notes: [added] };
        return added;
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Add a note' });
    const add = screen.getByRole('button', { name: 'Add Note' });
    await user.type(box, '   ');
    expect(add).toBeDisabled();
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(fake.callsOf('incident.addNote')).toHaveLength(0);

    await user.type(box, ' Gate fixed ');
    await user.click(add);
    await waitFor(() => expect(fake.callsOf('incident.addNote')).toHaveLength(1));
    expect(fake.callsOf('incident.addNote')[0]?.body).toEqual({ incidentId: 5, note: 'Gate fixed' });
    expect(await screen.findByText('Gate fixed')).toBeInTheDocument();
    expect(screen.getByText(/^Dana Walker · /)).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('resolves with the current time and reopens with none', async () => {
    let current: Incident = incident;
    const { user, fake } = renderIncident({
      'incident.get': () => current,
      'incident.resolve': ({ body }) => {
        const { resolved, resolvedAt } = body as { resolved: boolean; resolvedAt: string | null };
        current = { ...current, resolved, resolvedAt };
        return current;
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Resolved' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByTestId('resolved-badge')).toHaveTextContent(/^Resolved$/));
    const [first] = fake.callsOf('incident.resolve');
    expect(first?.params).toEqual({ id: '5' });
    expect(first?.body).toEqual({ resolved: true, resolvedAt: expect.any(String) });
    expect(
      Math.abs(Date.parse((first?.body as { resolvedAt: string }).resolvedAt) - Date.now()),
    ).toBeLessThan(60_000);
    await waitFor(() => expect(screen.queryByText('Not resolved')).not.toBeInTheDocument());

    await user.click(screen.getByRole('switch', { name: 'Resolved' }));
    await waitFor(() => expect(screen.getByTestId('resolved-badge')).toHaveTextContent('Unresolved'));
    expect(fake.callsOf('incident.resolve')[1]?.body).toEqual({ resolved: false, resolvedAt: null });
  });
});
