import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import {
  testCompanyManager as companyManager,
  renderWithFakeApi,
  columnTexts,
} from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { anOrganization, aPerson, twoLocations } from '../../testing/fixtures.ts';
import { OrganizationPage } from './organization-page.tsx';
import { Role } from '@sitewalk/shared/roles';

const renderOrganization = (
  handlers: FakeHandlers,
  { id = '3', user = companyManager }: { id?: string; user?: User } = {},
) => {
  return renderWithFakeApi(<OrganizationPage />, handlers, {
    route: `/app/organizations/${id}`,
    path: '/app/organizations/:id',
    routes: [
      { path: '/app/organizations', element: <p>areas list</p> },
      { path: '/app/organizations/update/:id', element: <p>update page</p> },
      { path: '/app/locations/:id', element: <p>location page</p> },
    ],
    user,
  });
};

const area = anOrganization({
  id: 3,
  name: 'North Area',
  createdAt: '2026-02-03T10:00:00.000Z',
  managementCompanyName: 'Acme Storage',
  totalLocations: 2,
  totalEmployees: 7,
});
const member = aPerson({
  id: 1,
  firstName: 'Zoe',
  lastName: 'Zed',
  roleId: Role.AreaManager,
  userToOrganization: [{ organizationId: 3, organization: { name: 'North Area' } }],
});
const locations = twoLocations();
const handlers: FakeHandlers = {
  'organization.get': () => area,
  'user.someByOrganization': () => ({ users: [member], totalCount: 1 }),
  'location.allByOrganization': () => locations,
};

const locationNames = () => columnTexts(0, screen.getByRole('table', { name: 'Locations' }));

describe('OrganizationPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the area: name, id, created date, company, totals and Update', async () => {
    renderOrganization(handlers);
    expect(await screen.findByRole('heading', { level: 1, name: 'North Area' })).toBeInTheDocument();
    const details = screen.getAllByRole('term')[0]!.closest('dl')!;
    const pairs = within(details)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Name', 'North Area'],
      ['ID', '3'],
      [
        'Created',
        new Date('2026-02-03T10:00:00.000Z').toLocaleDateString(undefined, { dateStyle: 'medium' }),
      ],
      ['Management Company', 'Acme Storage'],
      ['Total Locations', '2'],
      ['Total Employees', '7'],
    ]);
    expect(screen.getByRole('link', { name: 'Update' })).toHaveAttribute(
      'href',
      '/app/organizations/update/3',
    );
  });

  it('shows the area’s logo from the API', async () => {
    const { fake } = renderOrganization({
      ...handlers,
      'organization.get': () => ({ ...area, hasLogo: true }),
      'organization.logo': () => ({ url: 'https://bucket.test/area-3.png', expiresIn: 300 }),
    });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo of North Area' })).toHaveAttribute(
        'src',
        'https://bucket.test/area-3.png',
      ),
    );
    expect(fake.callsOf('organization.logo')[0]?.params).toEqual({ id: '3', name: 'North-Area' });
  });

  it('asks for no logo when the area has none', async () => {
    const { fake } = renderOrganization(handlers);
    const logo = await screen.findByRole('img', { name: 'Logo of North Area' });
    expect(logo).toHaveAttribute('data-picture', 'generic');
    expect(fake.callsOf('organization.logo')).toHaveLength(0);
  });

  it('lists the area’s users through the users table, with Add Users for a Company Manager', async () => {
    renderOrganization(handlers);
    const users = await screen.findByRole('region', { name: 'Users' });
    expect(await within(users).findByRole('link', { name: 'Zoe Zed' })).toHaveAttribute(
      'href',
      '/app/users/1',
    );
    expect(await within(users).findByRole('button', { name: 'Add Users' })).toBeInTheDocument();
  });

  it('lists the locations by name, searchable over name, address, city, state and zipcode; a row opens it', async () => {
    const { user, router } = renderOrganization(handlers);
    await screen.findByText('Harbor Self Storage');
    expect(locationNames()).toEqual(['Bay Storage', 'Harbor Self Storage']);
    const search = screen.getByRole('searchbox', { name: 'Search Locations' });
    for (const [term, expected] of [
      ['harbor', ['Harbor Self Storage']],
      ['9 bay', ['Bay Storage']],
      ['springfield', ['Harbor Self Storage']],
      ['KY', ['Bay Storage']],
      ['40065', ['Bay Storage']],
    ] as const) {
      await user.clear(search);
      await user.type(search, term);
      expect(locationNames()).toEqual(expected);
    }
    await user.click(screen.getByText('Bay Storage'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/locations/12'));
  });

  it.each([
    ['a refusal', () => fakeError(403, 'You do not have permission to do this')],
    ['an unknown area', () => fakeError(404, 'Area not found')],
    ['a server failure', () => fakeError(500, 'Internal Server Error')],
  ])('shows the failure panel for %s, with Return to Areas', async (_, answer) => {
    const { user, router } = renderOrganization({ ...handlers, 'organization.get': answer });
    expect(await screen.findByText('Error Loading Area')).toBeInTheDocument();
    expect(screen.getByText('The area could not be loaded. Please try again later.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to Areas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organizations'));
  });

  it('shows the failure panel for an id that is not one', async () => {
    const { fake } = renderOrganization(handlers, { id: 'abc' });
    expect(await screen.findByText('Error Loading Area')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });

  it('shows the error panel in the locations section when they cannot be loaded', async () => {
    renderOrganization({
      ...handlers,
      'location.allByOrganization': () => fakeError(500, 'Something broke'),
    });
    const section = await screen.findByRole('region', { name: 'Locations' });
    expect(await within(section).findByText('Something broke')).toBeInTheDocument();
  });
});
