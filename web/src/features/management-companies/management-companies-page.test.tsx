import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import type { User } from '@sitewalk/shared/schemas/user';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { renderWithFakeApi } from '../../testing/test-utils.tsx';
import { ManagementCompaniesPage } from './management-companies-page.tsx';
import { aCompany, aPerson, ada } from '../../testing/fixtures.ts';
import { Role } from '@sitewalk/shared/roles';

const ShowForm = () => {
  const location = useLocation();
  return (
    <p>
      form at {location.pathname} with {JSON.stringify(location.state)}
    </p>
  );
};

const renderList = (handlers: FakeHandlers, user: User = aPerson(ada)) => {
  return renderWithFakeApi(<ManagementCompaniesPage />, handlers, {
    route: '/app/management-companies',
    path: '/app/management-companies',
    routes: [
      { path: '/app/management-companies/:id', element: <ShowForm /> },
      { path: '/app/management-companies/add', element: <p>add form</p> },
    ],
    user,
  });
};

const acme = aCompany({ id: 7, name: 'Acme Storage', hasLogo: true });
const bolt = aCompany({
  id: 8,
  name: 'Bolt Units',
  email: 'hi@bolt.test',
  phone: null,
  website: null,
  hasLogo: false,
});

afterEach(() => vi.unstubAllGlobals());

describe('ManagementCompaniesPage', () => {
  it('lists name, email, phone and website, with the logos', async () => {
    const { fake } = renderList({
      'managementCompany.some': () => ({ managementCompanies: [acme, bolt], totalCount: 2 }),
      'managementCompany.logo': () => ({ url: 'https://uploads.test/acme.png', expiresIn: 300 }),
    });
    const table = await screen.findByRole('table', { name: 'Management companies' });
    // Phone and Website show from wider screens (jsdom applies no media query, so they count as hidden).
    expect([...table.querySelectorAll('th')].map((h) => h.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Website',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Acme Storageoffice@acme.test555-123-4567https://acme.test',
      'Bolt Unitshi@bolt.test',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo of Acme Storage' })).toHaveAttribute(
        'src',
        'https://uploads.test/acme.png',
      ),
    );
    // No logo, no call: the generic picture.
    expect(screen.getByRole('img', { name: 'Logo of Bolt Units' })).toHaveAttribute(
      'data-picture',
      'generic',
    );
    expect(fake.callsOf('managementCompany.logo').map((call) => call.params)).toEqual([
      { id: '7', name: 'Acme-Storage' },
    ]);
    expect(Object.fromEntries(fake.callsOf('managementCompany.some')[0]!.query)).toEqual({
      limit: '10',
      offset: '0',
    });
  });

  it('searches through the API from the first page', async () => {
    const { fake, user } = renderList({
      'managementCompany.some': ({ query }) =>
        query.get('searchTerm') === 'bolt'
          ? { managementCompanies: [bolt], totalCount: 1 }
          : { managementCompanies: [acme, bolt], totalCount: 2 },
    });
    await screen.findByText('Acme Storage');
    await user.type(screen.getByRole('searchbox', { name: 'Search Management companies' }), 'bolt');
    await waitFor(() => expect(screen.queryByText('Acme Storage')).not.toBeInTheDocument());
    expect(screen.getByText('Bolt Units')).toBeInTheDocument();
    const last = fake.callsOf('managementCompany.some').at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ limit: '10', offset: '0', searchTerm: 'bolt' });
  });

  it('opens the form of a clicked row, passing the company along', async () => {
    renderList({ 'managementCompany.some': () => ({ managementCompanies: [acme, bolt], totalCount: 2 }) });
    fireEvent.click(await screen.findByText('Bolt Units'));
    expect(await screen.findByText(/^form at \/app\/management-companies\/8 with/)).toHaveTextContent(
      JSON.stringify({ currentCompany: bolt }),
    );
  });

  it('offers Add to those who may create a company', async () => {
    const { user } = renderList({
      'managementCompany.some': () => ({ managementCompanies: [], totalCount: 0 }),
    });
    expect(await screen.findByText('No management companies yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add' }));
    expect(await screen.findByText('add form')).toBeInTheDocument();
  });

  it('offers no Add to an Owner, who sees their own company', async () => {
    renderList(
      { 'managementCompany.some': () => ({ managementCompanies: [acme], totalCount: 1 }) },
      aPerson({ roleId: Role.Owner, managementCompanyId: 7 }),
    );
    await screen.findByText('Acme Storage');
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
  });

  it("shows the spec's text when the list cannot be loaded", async () => {
    renderList({ 'managementCompany.some': () => fakeError(500, 'Internal Server Error') });
    expect(await screen.findByText(messages.fetch.managementCompanies)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the API's refusal as the error panel", async () => {
    renderList(
      { 'managementCompany.some': () => fakeError(403, messages.permission.forbidden) },
      aPerson({ roleId: Role.CompanyManager, managementCompanyId: 7 }),
    );
    expect(await screen.findByText(messages.permission.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
