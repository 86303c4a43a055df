import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import type { Location } from '@sitewalk/shared/schemas/location';
import {
  testCompanyManager as companyManager,
  testAreaManager as areaManager,
  testLocationManager as manager,
  renderWithFakeApi,
} from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aLocation, anOrganization } from '../../testing/fixtures.ts';
import { UpdateLocationPage } from './update-location-page.tsx';

vi.mock('./components/location-map.tsx', async () => ({
  LocationMap: (await import('./components/fake-location-map.tsx')).FakeLocationMap,
}));

const location = aLocation({ id: 11 });
const north = anOrganization({ id: 3, name: 'North Area' });
const south = anOrganization({ id: 4, name: 'South Area' });
const elsewhere = anOrganization({ id: 9, name: 'Other Company Area', managementCompanyId: 2 });

const renderUpdate = (
  handlers: FakeHandlers,
  user: User = companyManager,
  route = '/app/locations/update/11',
) => {
  return renderWithFakeApi(<UpdateLocationPage />, handlers, {
    route,
    path: '/app/locations/update/:id',
    routes: [
      { path: '/app/locations', element: <p>locations list</p> },
      { path: '/app/locations/:id', element: <p>location page</p> },
    ],
    user,
  });
};

const updated = (request: { body: unknown }): Location => ({
  ...location,
  ...(request.body as Partial<Location>),
});

describe('UpdateLocationPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renames the location and moves it to another area of its company', async () => {
    const { user, router, fake } = renderUpdate({
      'location.get': () => location,
      'organization.allByManagementCompany': () => [south, north, elsewhere],
      'location.update': updated,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Location' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Harbor Self Storage');
    await user.clear(name);
    await user.type(name, 'Harbor North');
    await user.click(screen.getByRole('combobox', { name: /Area/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['North Area', 'South Area']);
    // The location's company's areas, not every area of the scope.
    expect(fake.callsOf('organization.allByManagementCompany').map((r) => r.params.id)).toEqual([
      String(location.managementCompanyId),
    ]);
    expect(fake.callsOf('organization.allByUser')).toHaveLength(0);
    await user.click(screen.getByRole('option', { name: 'South Area' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('location.update').map((r) => r.body)).toEqual([
      { id: 11, name: 'Harbor North', organizationId: 4 },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/locations/11'), { timeout: 3000 });
  });

  it('lets an Area Manager rename but not move the location', async () => {
    const { user, fake } = renderUpdate(
      { 'location.get': () => location, 'location.update': updated },
      areaManager,
    );
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('combobox', { name: /Area/ })).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Harbor Two');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('location.update').map((r) => r.body)).toEqual([{ id: 11, name: 'Harbor Two' }]);
    expect(fake.callsOf('organization.allByManagementCompany')).toHaveLength(0);
  });

  it('refuses an empty name', async () => {
    const { user, fake } = renderUpdate({
      'location.get': () => location,
      'organization.allByManagementCompany': () => [north],
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(fake.callsOf('location.update')).toHaveLength(0);
  });

  it('shows the API’s refusal of a save', async () => {
    const { user } = renderUpdate({
      'location.get': () => location,
      'organization.allByManagementCompany': () => [north],
      'location.update': () => fakeError(403, 'You do not have permission to do this'),
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('saves the map’s zoom and centre', async () => {
    const { user, fake, router } = renderUpdate({
      'location.get': () => location,
      'organization.allByManagementCompany': () => [north],
      'location.update': updated,
    });
    const map = within(await screen.findByRole('region', { name: /Map of Harbor Self Storage/ }));
    expect(map.getByText('start 39.8, -89.6 zoom 16')).toBeInTheDocument();
    expect(screen.getByTestId('map-centre-marker')).toBeInTheDocument();
    await user.click(map.getByRole('button', { name: 'move the map' }));
    await user.click(screen.getByRole('button', { name: 'Save Zoom & Center' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('location.update').map((r) => r.body)).toEqual([
      { id: 11, latitude: 40.1234568, longitude: -100.5, zoomLevel: 17.25 },
    ]);
    // The view is saved in place: the page stays.
    expect(router.state.location.pathname).toBe('/app/locations/update/11');
  });

  it('shows a failed save of the view', async () => {
    const { user } = renderUpdate({
      'location.get': () => location,
      'organization.allByManagementCompany': () => [north],
      'location.update': () => fakeError(500, 'Internal Server Error'),
    });
    await user.click(await screen.findByRole('button', { name: 'Save Zoom & Center' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it('deletes the location after the confirmation and returns to the list', async () => {
    const { user, router, fake } = renderUpdate({
      'location.get': () => location,
      'organization.allByManagementCompany': () => [north],
      'location.delete': () => ({ success: true as const, id: 11 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Location' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Are you sure you want to delete this location?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsOf('location.delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Location' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    expect(fake.callsOf('location.delete')[0]).toMatchObject({ params: { id: '11' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/locations'), { timeout: 3000 });
  });

  it('shows a refused delete and stays', async () => {
    const { user, router } = renderUpdate({
      'location.get': () => location,
      'organization.allByManagementCompany': () => [north],
      'location.delete': () => fakeError(409, 'The location is busy, try again'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Location' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The location is busy, try again')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/locations/update/11');
  });

  it('refuses a Manager', async () => {
    const { fake } = renderUpdate({ 'location.get': () => location }, manager);
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(fake.callsOf('location.update')).toHaveLength(0);
  });

  it('shows the error panel for a location that is not there', async () => {
    renderUpdate({ 'location.get': () => fakeError(404, 'Location not found') });
    expect(await screen.findByText('Location not found')).toBeInTheDocument();
  });
});
