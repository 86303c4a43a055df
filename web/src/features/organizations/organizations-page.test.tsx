import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import {
  testCompanyManager as companyManager,
  testAreaManager as areaManager,
  renderWithFakeApi,
  columnTexts,
} from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { anOrganization, aPerson } from '../../testing/fixtures.ts';
import { OrganizationsPage } from './organizations-page.tsx';
import { Role } from '@sitewalk/shared/roles';

const manager = aPerson({ id: 102, roleId: Role.Manager });

const renderOrganizations = (handlers: FakeHandlers, user: User = companyManager) => {
  return renderWithFakeApi(<OrganizationsPage />, handlers, {
    route: '/app/organizations',
    path: '/app/organizations',
    routes: [
      { path: '/app/organizations/:id', element: <p>area page</p> },
      { path: '/app/addOrganization', element: <p>add area page</p> },
    ],
    user,
  });
};

const areas = [
  anOrganization({ id: 3, name: 'North Area', totalLocations: 2, totalEmployees: 5 }),
  anOrganization({ id: 4, name: 'East Area' }),
];

const rowTexts = () => columnTexts(0, screen.getByRole('table', { name: 'Areas' }));

describe('OrganizationsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the areas by name with their company and totals; a row opens the area', async () => {
    const { user, router, fake } = renderOrganizations({
      'organization.someByUser': () => ({ organizations: areas, totalCount: 2 }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Areas' })).toBeInTheDocument();
    await screen.findByText('North Area');
    expect(rowTexts()).toEqual(['East Area', 'North Area']);
    expect(fake.callsOf('organization.someByUser')[0]).toMatchObject({ params: { userId: '100' } });
    expect(Object.fromEntries(fake.callsOf('organization.someByUser')[0]!.query)).toEqual({
      limit: '10',
      offset: '0',
    });
    await user.click(screen.getByText('North Area'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organizations/3'));
  });

  it('searches and pages through the API', async () => {
    const { user, fake } = renderOrganizations({
      'organization.someByUser': (request) =>
        request.query.get('searchTerm') === 'north'
          ? { organizations: [areas[0]!], totalCount: 1 }
          : { organizations: areas, totalCount: 12 },
    });
    await screen.findByText('North Area');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(fake.callsOf('organization.someByUser').at(-1)?.query.get('offset')).toBe('10'),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search Areas' }), 'north');
    await waitFor(() => expect(rowTexts()).toEqual(['North Area']));
    const last = fake.callsOf('organization.someByUser').at(-1)!;
    expect(last.query.get('searchTerm')).toBe('north');
    expect(last.query.get('offset')).toBe('0');
  });

  it('offers Add Area to a Company Manager', async () => {
    renderOrganizations({ 'organization.someByUser': () => ({ organizations: areas, totalCount: 2 }) });
    expect(await screen.findByRole('link', { name: 'Add Area' })).toHaveAttribute(
      'href',
      '/app/addOrganization',
    );
  });

  it('offers no Add Area to an Area Manager', async () => {
    renderOrganizations(
      { 'organization.someByUser': () => ({ organizations: [areas[0]!], totalCount: 1 }) },
      areaManager,
    );
    await screen.findByText('North Area');
    expect(screen.queryByRole('link', { name: 'Add Area' })).not.toBeInTheDocument();
  });

  it('shows the API’s refusal as the error panel (a Manager typing the URL)', async () => {
    renderOrganizations(
      { 'organization.someByUser': () => fakeError(403, 'You do not have permission to do this') },
      manager,
    );
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
