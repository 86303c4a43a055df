import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import { renderWithProviders, testUser } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aLocation } from '../../testing/fixtures.ts';
import { AppErrorRoute } from '../../app/routes/app-error.tsx';
import { LocationsPage } from './locations-page.tsx';
import { Role } from '@sitewalk/shared/roles';

const areaManager = testUser({
  id: 101,
  roleId: Role.AreaManager,
  roleName: 'Area Manager',
  managementCompanyId: 1,
  userToOrganization: [{ organizationId: 3, organization: { name: 'North Area' } }],
});
const manager = testUser({
  id: 102,
  roleId: Role.Manager,
  roleName: 'Manager',
  managementCompanyId: 1,
  userToLocation: [{ locationId: 11, location: { name: 'Harbor Self Storage' } }],
});

const renderList = (handlers: FakeHandlers, user: User = areaManager) => {
  const fake = createFakeFetch(handlers);
  vi.stubGlobal('fetch', fake.fetch);
  const rendered = renderWithProviders(<LocationsPage />, {
    route: '/app/locations',
    path: '/app/locations',
    routes: [
      { path: '/app/locations/:id', element: <p>location page</p> },
      { path: '/app/addLocation', element: <p>add location page</p> },
      { path: '/app/error', element: <AppErrorRoute /> },
    ],
    user,
  });
  return { ...rendered, fake };
};

const locations = [
  aLocation({ id: 11, name: 'Harbor Self Storage' }),
  aLocation({
    id: 12,
    name: 'Bay Storage',
    address: '9 Bay Rd',
    city: 'Shelbyville',
    state: 'KY',
    zipcode: '40065',
  }),
];

const firstCells = () =>
  within(screen.getByRole('table', { name: 'Locations' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('LocationsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the locations by name with their address columns; a row opens the location', async () => {
    const { user, router, fake } = renderList({
      'location.someByUser': () => ({ locations, totalCount: 2 }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Locations' })).toBeInTheDocument();
    await screen.findByText('Harbor Self Storage');
    expect(firstCells()).toEqual(['Bay Storage', 'Harbor Self Storage']);
    // jsdom applies no media query: the columns shown from 768 px are hidden, as on a phone.
    const table = within(screen.getByRole('table', { name: 'Locations' }));
    const headers = (options?: { hidden: true }) =>
      table.getAllByRole('columnheader', options).map((cell) => cell.textContent);
    expect(headers()).toEqual(['Name']);
    expect(headers({ hidden: true })).toEqual(['Name', 'Address', 'City', 'State', 'Zipcode', 'Area']);
    expect(fake.callsOf('location.someByUser')[0]).toMatchObject({ params: { id: '101' } });
    expect(Object.fromEntries(fake.callsOf('location.someByUser')[0]!.query)).toEqual({
      limit: '10',
      offset: '0',
    });
    await user.click(screen.getByText('Bay Storage'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/locations/12'));
  });

  it('searches, pages and changes the page size through the API', async () => {
    const { user, fake } = renderList({
      'location.someByUser': (request) =>
        request.query.get('searchTerm') === 'bay'
          ? { locations: [locations[1]!], totalCount: 1 }
          : { locations, totalCount: 30 },
    });
    await screen.findByText('Harbor Self Storage');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(fake.callsOf('location.someByUser').at(-1)?.query.get('offset')).toBe('20'));
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(fake.callsOf('location.someByUser').at(-1)?.query.get('limit')).toBe('25'));
    expect(fake.callsOf('location.someByUser').at(-1)?.query.get('offset')).toBe('0');
    await user.type(screen.getByRole('searchbox', { name: 'Search Locations' }), 'bay');
    await waitFor(() => expect(firstCells()).toEqual(['Bay Storage']));
    expect(fake.callsOf('location.someByUser').at(-1)?.query.get('searchTerm')).toBe('bay');
  });

  it('offers Add Location to an Area Manager', async () => {
    const { user, router } = renderList({ 'location.someByUser': () => ({ locations, totalCount: 2 }) });
    await user.click(await screen.findByRole('link', { name: 'Add Location' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/addLocation'));
  });

  it('does not offer Add Location to a Manager', async () => {
    renderList({ 'location.someByUser': () => ({ locations: [locations[0]!], totalCount: 1 }) }, manager);
    await screen.findByText('Harbor Self Storage');
    expect(screen.queryByRole('link', { name: 'Add Location' })).not.toBeInTheDocument();
  });

  it('says so when there are no locations', async () => {
    renderList({ 'location.someByUser': () => ({ locations: [], totalCount: 0 }) });
    expect(await screen.findByText('No locations.')).toBeInTheDocument();
  });

  it('goes to /app/error with the reason when the list fails', async () => {
    const { router } = renderList({
      'location.someByUser': () => fakeError(500, 'Internal Server Error'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/error'));
    expect(
      await screen.findByText('Oops! An unknown error occured! Please try again later.'),
    ).toBeInTheDocument();
  });

  it('goes to /app/error when the API refuses the list', async () => {
    const { router } = renderList({
      'location.someByUser': () => fakeError(403, 'You do not have permission to do this'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/error'));
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
  });
});
