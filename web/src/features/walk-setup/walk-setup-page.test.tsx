import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aLocation, aPerson, ada } from '../../testing/fixtures.ts';
import type { WalkMapProps } from './components/walk-map.tsx';
import { WalkSetupPage } from './walk-setup-page.tsx';
import { Role } from '@sitewalk/shared/roles';

const spots = [
  [39.801, -89.601],
  [39.802, -89.602],
  [39.803, -89.603],
  [39.804, -89.604],
] as const;

// maplibre does not run in jsdom: the map stands in as buttons that do what a double-click and a drag do.
vi.mock('./components/walk-map.tsx', () => ({
  WalkMap: ({ center, markers, onAdd, onMove }: WalkMapProps) => {
    return (
      <div data-testid="walk-map" data-center={`${center.latitude},${center.longitude},${center.zoom}`}>
        <button
          type="button"
          onClick={() => {
            const [lat, lng] = spots[markers.length % spots.length]!;
            onAdd(lat, lng);
          }}
        >
          double-click map
        </button>
        {markers.map((marker) => (
          <button
            key={marker.key}
            type="button"
            onClick={() => onMove(marker.key, 39.9, -89.7)}
          >{`drag pin ${marker.label}`}</button>
        ))}
      </div>
    );
  },
}));

const location = aLocation({ id: 11, zoomLevel: 17 });
const nightRound: Walk = {
  id: 7,
  name: 'Night round',
  description: 'Gates first',
  locationId: 11,
  createdAt: '2026-11-20T10:00:00.000Z',
  deletedAt: null,
  markers: [
    {
      id: 71,
      walkId: 7,
      label: 1,
      lat: 39.81,
      lng: -89.61,
      notes: '',
      unitNumberRange: '',
      hasUnitRange: false,
      isDoor: true,
      order: 0,
    },
    {
      id: 72,
      walkId: 7,
      label: 2,
      lat: 39.82,
      lng: -89.62,
      notes: '',
      unitNumberRange: '100-120',
      hasUnitRange: true,
      isDoor: false,
      order: 1,
    },
    {
      id: 73,
      walkId: 7,
      label: 3,
      lat: 39.83,
      lng: -89.63,
      notes: '',
      unitNumberRange: '',
      hasUnitRange: false,
      isDoor: false,
      order: 2,
    },
  ],
};
const oldWalk: Walk = { ...nightRound, id: 8, name: 'Retired walk', deletedAt: '2026-11-21T10:00:00.000Z' };

const renderPage = (handlers: FakeHandlers, user: User = aPerson(ada)) => {
  const fake = createFakeFetch({
    'location.get': () => location,
    'walk.allByLocation': () => [nightRound, oldWalk],
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.fetch);
  const rendered = renderWithProviders(<WalkSetupPage />, {
    route: '/app/locations/11/create-walks',
    path: '/app/locations/:id/create-walks',
    user,
  });
  return { ...rendered, fake };
};

/** Past the intro modal, with the map in place. */
const ready = async (userEvents: ReturnType<typeof renderPage>['user']) => {
  const intro = await screen.findByRole('dialog', { name: 'Set up a walk' });
  expect(intro).toHaveTextContent('Double-click the locations on the map that you will need to walk');
  await userEvents.click(within(intro).getByRole('button', { name: 'Got it' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return screen.findByRole('button', { name: 'double-click map' });
};

const rows = () => screen.queryAllByTestId('marker-row').map((row) => row.textContent);

describe('WalkSetupPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens at the location with the intro, Save Walk and the range button disabled without markers', async () => {
    const { user } = renderPage({});
    await ready(user);
    expect(screen.getByRole('heading', { name: 'Walk Setup' })).toBeInTheDocument();
    expect(screen.getByTestId('walk-map')).toHaveAttribute('data-center', '39.8,-89.6,17');
    expect(screen.getByRole('button', { name: 'Save Walk' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Unit Number Range' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Walk' })).not.toBeInTheDocument();
  });

  it("lists the location's walks under 'Select a walk...' without the deleted ones; none clears the editor", async () => {
    const { user } = renderPage({});
    await ready(user);
    await user.click(screen.getByRole('combobox', { name: 'Walk' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Select a walk...', 'Night round']);
    await user.click(screen.getByRole('option', { name: 'Night round' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    // A walk just loaded has nothing to save yet.
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Walk' }));
    await user.click(await screen.findByRole('option', { name: 'Select a walk...' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
  });

  it('adds markers by double-click, undoes and redoes them, adding clears redo', async () => {
    const { user } = renderPage({});
    const map = await ready(user);
    for (let i = 0; i < 3; i += 1) await user.click(map);
    expect(rows()).toHaveLength(3);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(rows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(rows()).toHaveLength(2);
    await user.click(map);
    expect(rows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create New Walk' }));
    expect(rows()).toHaveLength(0);
  });

  it('refuses an empty name, a 31-character name and a 201-character description', async () => {
    const { user, fake } = renderPage({});
    const map = await ready(user);
    await user.click(map);
    await user.click(screen.getByRole('button', { name: 'Save Walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Walk' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(await within(dialog).findByText('Walk name is required')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('x'.repeat(31));
    await user.click(save);
    expect(await within(dialog).findByText('Walk name must be at most 30 characters')).toBeInTheDocument();
    await user.clear(name);
    await user.paste('x'.repeat(30));
    await user.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.paste('d'.repeat(201));
    await user.click(save);
    expect(await within(dialog).findByText('Description must be at most 200 characters')).toBeInTheDocument();
    expect(within(dialog).queryByText('Walk name must be at most 30 characters')).not.toBeInTheDocument();
    expect(fake.callsOf('walk.create')).toHaveLength(0);
  });

  it('creates the walk, shows Saved!, and 2 s later reloads the list and starts afresh', async () => {
    const { user, fake } = renderPage({ 'walk.create': () => ({ ...nightRound, id: 9, name: 'Morning' }) });
    const map = await ready(user);
    await user.click(map);
    await user.click(map);
    await user.click(screen.getByRole('button', { name: 'Save Walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Walk' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('Morning');
    await user.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.paste('Before opening');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('walk.create').map((call) => call.body)).toEqual([
      {
        name: 'Morning',
        description: 'Before opening',
        locationId: 11,
        markers: [
          {
            label: 1,
            lat: 39.801,
            lng: -89.601,
            notes: '',
            unitNumberRange: '',
            hasUnitRange: false,
            isDoor: false,
            order: 0,
          },
          {
            label: 2,
            lat: 39.802,
            lng: -89.602,
            notes: '',
            unitNumberRange: '',
            hasUnitRange: false,
            isDoor: false,
            order: 1,
          },
        ],
      },
    ]);
    const listCalls = fake.callsOf('walk.allByLocation').length;
    expect(rows()).toHaveLength(2);
    await waitFor(() => expect(rows()).toHaveLength(0), { timeout: 3000 });
    expect(fake.callsOf('walk.allByLocation').length).toBeGreaterThan(listCalls);
    expect(screen.queryByText('Saved!')).not.toBeInTheDocument();
  });

  it('edits a walk through PUT keeping the ids of its markers', async () => {
    const { user, fake } = renderPage({
      'walk.update': () => nightRound,
    });
    await ready(user);
    await user.click(screen.getByRole('combobox', { name: 'Walk' }));
    await user.click(await screen.findByRole('option', { name: 'Night round' }));
    expect(rows()).toEqual([
      expect.stringContaining('Point 1'),
      expect.stringContaining('Units 100-120'),
      expect.stringContaining('Point 3'),
    ]);
    expect(screen.getByText('Gates first')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'drag pin 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove Point 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Walk' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Night round');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    const [body] = fake.callsOf('walk.update').map((call) => call.body as { id: number; markers: unknown[] });
    expect(body).toMatchObject({ id: 7, name: 'Night round', locationId: 11 });
    expect(body!.markers).toEqual([
      expect.objectContaining({ id: 72, label: 1, unitNumberRange: '100-120', hasUnitRange: true }),
      expect.objectContaining({ id: 73, label: 2, lat: 39.9, lng: -89.7 }),
    ]);
    expect(fake.callsOf('walk.create')).toHaveLength(0);
    expect(fake.callsOf('walk.delete')).toHaveLength(0);
  });

  it('the range modals strip stray characters; editing a point says which', async () => {
    const { user } = renderPage({});
    const map = await ready(user);
    await user.click(map);
    await user.click(screen.getByRole('button', { name: 'Add Unit Number Range' }));
    let dialog = await screen.findByRole('dialog', { name: 'Enter Unit Number Range' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit Number Range' }), 'Units 10-20, 3a5;');
    expect(within(dialog).getByRole('textbox', { name: 'Unit Number Range' })).toHaveValue(' 10-20, 35');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitForElementToBeRemoved(dialog);
    expect(rows()).toEqual([expect.stringContaining('Point 1'), expect.stringContaining('Units 10-20, 35')]);
    await user.click(screen.getByRole('button', { name: 'Edit unit range Point 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Unit Number Range for Point 1' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit Number Range' }), '5-9!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitForElementToBeRemoved(dialog);
    expect(rows()[0]).toContain('Units 5-9');
    await user.click(screen.getByRole('button', { name: 'Door marker Point 2' }));
    expect(rows()[1]).toContain('Door');
  });

  it('deletes the selected walk after the confirm naming it', async () => {
    const { user, fake } = renderPage({ 'walk.delete': () => ({ success: true, id: 7 }) });
    await ready(user);
    await user.click(screen.getByRole('combobox', { name: 'Walk' }));
    await user.click(await screen.findByRole('option', { name: 'Night round' }));
    await user.click(screen.getByRole('button', { name: 'Delete Walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Walk?' });
    expect(dialog).toHaveTextContent('This will permanently delete "Night round"');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(fake.callsOf('walk.delete').map((call) => call.params)).toEqual([{ id: '7' }]);
    expect(screen.queryByRole('button', { name: 'Delete Walk' })).not.toBeInTheDocument();
  });

  it('shows Error for 1.5 s when the save fails and keeps the markers', async () => {
    const { user } = renderPage({ 'walk.create': () => fakeError(500, 'Internal Server Error') });
    const map = await ready(user);
    await user.click(map);
    await user.click(screen.getByRole('button', { name: 'Save Walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Walk' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Morning');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Error')).not.toBeInTheDocument(), { timeout: 2500 });
    expect(rows()).toHaveLength(1);
  });

  it('an employee sees the walks but no editing controls and no intro', async () => {
    renderPage(
      {},
      aPerson({
        id: 5,
        roleId: Role.Employee,
        userToLocation: [{ locationId: 11, location: { name: 'Harbor Self Storage', organizationId: 3 } }],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Walk Setup' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Walk' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Walk' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Walk' })).toBeInTheDocument();
  });
});
