import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import {
  testAreaManager as areaManager,
  testLocationManager as manager,
  renderWithFakeApi,
  columnTexts,
} from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { twoLocations } from '../../testing/fixtures.ts';
import { AppErrorRoute } from '../../app/routes/app-error.tsx';
import { LocationsPage } from './locations-page.tsx';

const renderList = (handlers: FakeHandlers, user: User = areaManager) => {
  return renderWithFakeApi(<LocationsPage />, handlers, {
    route: '/app/locations',
    path: '/app/locations',
    routes: [
      { path: '/app/locations/:id', element: <p>location page</p> },
      { path: '/app/addLocation', element: <p>add location page</p> },
      { path: '/app/error', element: <AppErrorRoute /> },
    ],
    user,
  });
};

const locations = twoLocations();

const firstCells = () => columnTexts(0, screen.getByRole('table', { name: 'Locations' }));

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
