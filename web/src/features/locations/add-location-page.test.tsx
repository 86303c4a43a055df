import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import type { Location } from '@sitewalk/shared/schemas/location';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import { testAreaManager as areaManager, renderWithFakeApi } from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aCompany, ada, aLocation, anOrganization, aPerson } from '../../testing/fixtures.ts';
import { AddLocationPage, addressText } from './add-location-page.tsx';
import { Role } from '@sitewalk/shared/roles';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';

vi.mock('./components/location-map.tsx', async () => ({
  LocationMap: (await import('./components/fake-location-map.tsx')).FakeLocationMap,
}));

const superUser = aPerson(ada);
const manager = aPerson({ id: 102, roleId: Role.Manager });

const north = anOrganization({ id: 3, name: 'North Area' });
const south = anOrganization({ id: 4, name: 'South Area' });

/** The server's area search of the caller's scope: name holds the term, case aside, by name. */
const areas =
  (...scope: Organization[]): FakeHandlers['organization.someByUser'] =>
  ({ query }) => {
    const term = (query.get('searchTerm') ?? '').toLowerCase();
    const found = scope
      .filter((area) => area.name.toLowerCase().includes(term))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { organizations: found, totalCount: found.length };
  };

const renderAdd = (handlers: FakeHandlers, user: User = superUser) => {
  return renderWithFakeApi(<AddLocationPage />, handlers, {
    route: '/app/addLocation',
    path: '/app/addLocation',
    routes: [{ path: '/app/locations/:id', element: <p>location page</p> }],
    user,
  });
};

const optionNames = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);

const created = (request: { body: unknown }): Location =>
  aLocation({ ...(request.body as Partial<Location>), id: 21 });

const fillAddress = async (
  user: ReturnType<typeof renderAdd>['user'],
  values: { name?: string; address?: string; city?: string; state?: string; zipcode?: string },
) => {
  for (const [label, value] of Object.entries({
    Name: values.name,
    Address: values.address,
    City: values.city,
    State: values.state,
    Zipcode: values.zipcode,
  })) {
    if (value) await user.type(screen.getByRole('textbox', { name: label }), value);
  }
};

describe('AddLocationPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the map over California, geocodes the address to zoom 18 and saves the point under the crosshair', async () => {
    const { user, router, fake } = renderAdd({
      'organization.someByUser': areas(south, north),
      'geo.geocode': () => ({
        lat: 36.7477,
        lng: -119.7724,
        label: 'Fresno, CA 93721 (ZIP code centre)',
        approximate: true,
      }),
      'location.create': created,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Location' })).toBeInTheDocument();
    const map = within(
      await screen.findByRole('region', { name: /the location is the point under the crosshair/ }),
    );
    expect(await map.findByText('start 36.7783, -119.4179 zoom 15')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Area/ }));
    await screen.findByRole('option', { name: 'North Area' });
    expect(optionNames()).toEqual(['North Area', 'South Area']);
    await user.click(screen.getByRole('option', { name: 'South Area' }));
    await fillAddress(user, {
      name: 'Fresno Storage',
      address: '2 Tulare St',
      city: 'Fresno',
      state: 'CA',
      zipcode: '93721',
    });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(/Approximate position: the centre of Fresno, CA 93721 \(ZIP code centre\)/),
    ).toBeInTheDocument();
    expect(map.getByText('moved to 36.7477, -119.7724 zoom 18')).toBeInTheDocument();
    expect(fake.callsOf('geo.geocode')[0]?.query.get('address')).toBe('2 Tulare St, Fresno, CA 93721');

    // The user nudges the map; the crosshair's point is what is saved.
    await user.click(map.getByRole('button', { name: 'move the map' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('location.create').map((r) => r.body)).toEqual([
      {
        organizationId: 4,
        name: 'Fresno Storage',
        address: '2 Tulare St',
        city: 'Fresno',
        state: 'CA',
        zipcode: '93721',
        latitude: 40.1234568,
        longitude: -100.5,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/locations/21'), { timeout: 3000 });
    expect(router.state.location.state).toMatchObject({ location: { id: 21, name: 'Fresno Storage' } });
  });

  it('says when the answer is exact', async () => {
    const { user } = renderAdd({
      'organization.someByUser': areas(north),
      'geo.geocode': () => ({ lat: 1, lng: 2, label: '2 Tulare St, Fresno, CA', approximate: false }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    await fillAddress(user, { address: '2 Tulare St', zipcode: '93721' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Found: 2 Tulare St, Fresno, CA')).toBeInTheDocument();
    expect(screen.queryByText(/Approximate/)).not.toBeInTheDocument();
  });

  it('shows the geocoder’s refusal with the spec’s words, and leaves the map where it was', async () => {
    const { user } = renderAdd({
      'organization.someByUser': areas(north),
      'geo.geocode': () =>
        fakeError(404, 'Geocode was not successful for the following reason: ZERO_RESULTS'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    await fillAddress(user, { address: 'Nowhere Lane' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Geocode was not successful for the following reason: ZERO_RESULTS'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^moved to/)).not.toBeInTheDocument();
  });

  it('puts any other geocoding failure in the same sentence', async () => {
    const { user } = renderAdd({
      'organization.someByUser': areas(north),
      'geo.geocode': () => fakeError(503, 'Service Unavailable'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    await fillAddress(user, { address: '1 Main St', zipcode: '93650' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Geocode was not successful for the following reason: Service Unavailable'),
    ).toBeInTheDocument();
  });

  it('does not search without an address', async () => {
    const { user, fake } = renderAdd({ 'organization.someByUser': areas(north) });
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter an address to search')).toBeInTheDocument();
    expect(fake.callsOf('geo.geocode')).toHaveLength(0);
  });

  it('refuses an empty form with the spec’s messages', async () => {
    const { user, fake } = renderAdd({ 'organization.someByUser': areas(north, south) });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select an Area')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getAllByText('Please fill out all fields')).toHaveLength(3);
    expect(fake.callsOf('location.create')).toHaveLength(0);
  });

  it('refuses a bad zipcode', async () => {
    const { user, fake } = renderAdd({ 'organization.someByUser': areas(north) });
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    await fillAddress(user, { name: 'A', address: 'B', city: 'C', state: 'CA', zipcode: '1234' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid zipcode')).toBeInTheDocument();
    expect(fake.callsOf('location.create')).toHaveLength(0);
  });

  it('shows the API’s refusal under its field and Error for a moment', async () => {
    const { user, router } = renderAdd({
      'organization.someByUser': areas(north),
      'location.create': () => fakeError(400, 'zipcode: Invalid zipcode'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    await fillAddress(user, { name: 'A', address: 'B', city: 'C', state: 'CA', zipcode: '12345' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/addLocation');
  });

  it('asks for a management company first when there is none', async () => {
    renderAdd({
      'organization.someByUser': areas(),
      'managementCompany.allByUser': () => ({ companies: [] }),
    });
    expect(await screen.findByText('Please add a management company first')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('asks for an area first when the company has none', async () => {
    renderAdd({
      'organization.someByUser': areas(),
      'managementCompany.allByUser': () => ({
        companies: [aCompany({ id: 1, name: 'Acme Storage' })],
      }),
    });
    expect(await screen.findByText('Please add an area first')).toBeInTheDocument();
  });

  it('searches the areas on the server as the user types, never loading the whole scope', async () => {
    const east = anOrganization({ id: 5, name: 'East Harbor' });
    const { user, fake } = renderAdd({ 'organization.someByUser': areas(north, south, east) });
    await user.click(await screen.findByRole('combobox', { name: /Area/ }));
    await user.type(screen.getByRole('combobox', { name: /Area/ }), 'har');
    await waitFor(() => expect(optionNames()).toEqual(['East Harbor']));
    await user.click(screen.getByRole('option', { name: 'East Harbor' }));
    expect(screen.getByRole('combobox', { name: /Area/ })).toHaveValue('East Harbor');
    const asked = fake.callsOf('organization.someByUser').map(({ query }) => ({
      limit: query.get('limit'),
      searchTerm: query.get('searchTerm'),
    }));
    expect(asked[0]).toEqual({ limit: String(PICKER_MATCHES), searchTerm: null });
    expect(asked.at(-1)).toEqual({ limit: String(PICKER_MATCHES), searchTerm: 'har' });
    expect(fake.callsOf('organization.allByUser')).toHaveLength(0);
  });

  it('lists the areas the policy refuses an Area Manager disabled, and chooses the one it allows', async () => {
    const { user } = renderAdd({ 'organization.someByUser': areas(north, south) }, areaManager);
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    // The only area allowed is chosen already.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Area/ })).toHaveValue('North Area'));
    await user.click(screen.getByRole('combobox', { name: /Area/ }));
    expect(await screen.findByRole('option', { name: 'North Area' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: 'South Area' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('refuses a Manager without asking for areas', async () => {
    const { fake } = renderAdd({ 'organization.someByUser': areas() }, manager);
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Location' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByText('Please add an area first')).not.toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses an Area Manager the areas of others', async () => {
    renderAdd({ 'organization.someByUser': areas(south) }, areaManager);
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
  });

  it('shows the error panel when the areas fail', async () => {
    renderAdd({ 'organization.someByUser': () => fakeError(500, 'Internal Server Error') });
    expect(
      await screen.findByText('Oops! An unknown error occured! Please try again later.'),
    ).toBeInTheDocument();
  });
});

describe('addressText', () => {
  it('joins what is filled', () => {
    expect(addressText({ address: ' 1 Main St ', city: 'Fresno', state: 'CA', zipcode: '93650' })).toBe(
      '1 Main St, Fresno, CA 93650',
    );
    expect(addressText({ address: '', city: '', state: '', zipcode: '93650' })).toBe('93650');
    expect(addressText({})).toBe('');
  });
});
