import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@sitewalk/shared/messages';
import { Role } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';
import { Navigate } from 'react-router';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { UserProfilePage } from './user-profile-page.tsx';
import { aLocation, aPerson } from '../../testing/fixtures.ts';
import { stubApi } from './testing/user-fixtures.ts';

const manager = aPerson({
  roleId: Role.Manager,
  id: 9,
  firstName: 'Morgan',
  lastName: 'Lee',
  email: 'morgan@example.com',
  phone: '555-555-0123',
  createdAt: '2026-03-04T18:00:00.000Z',
  hasPin: true,
  defaultLocationId: 22,
  userToLocation: [
    { locationId: 21, location: { name: 'Harbor', organizationId: 11 } },
    { locationId: 22, location: { name: 'Hilltop', organizationId: 12 } },
  ],
});

const renderProfile = (handlers: FakeHandlers, { me, id = '9' }: { me: User; id?: string }) => {
  const fake = stubApi({
    'location.allByUser': () => [
      aLocation({ id: 21, name: 'Harbor' }),
      aLocation({ id: 22, name: 'Hilltop' }),
    ],
    ...handlers,
  });
  const rendered = renderWithProviders(<UserProfilePage />, {
    route: `/app/users/${id}`,
    path: '/app/users/:id',
    user: me,
  });
  return { ...rendered, fake };
};

describe('UserProfilePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the name, ID, role, start date, phone and e-mail links, company, locations with the default', async () => {
    renderProfile({ 'user.get': () => manager }, { me: aPerson({ roleId: Role.CompanyManager, id: 5 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Morgan Lee' })).toBeInTheDocument();
    expect(screen.getByText('9')).toBeInTheDocument();
    expect(screen.getAllByText('Manager').length).toBeGreaterThan(0);
    expect(screen.getByText('Mar 4, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '555-555-0123' })).toHaveAttribute('href', 'tel:5555550123');
    expect(screen.getByRole('link', { name: 'morgan@example.com' })).toHaveAttribute(
      'href',
      'mailto:morgan@example.com',
    );
    expect(screen.getByText('Acme Storage')).toBeInTheDocument();
    const locations = within(screen.getByRole('list', { name: 'Locations' })).getAllByRole('listitem');
    expect(locations.map((l) => l.textContent)).toEqual(['Harbor', 'Hilltop (Default)']);
    expect(screen.getByRole('img', { name: 'Morgan Lee' })).toHaveAttribute('data-picture', 'generic');
  });

  it('shows the PIN as asterisks and reveals it through the API with the eye toggle, then hides it', async () => {
    const { user, fake } = renderProfile(
      { 'user.get': () => manager, 'user.revealPin': () => ({ pin: '4321' }) },
      { me: aPerson({ roleId: Role.CompanyManager, id: 5 }) },
    );
    const pin = await screen.findByTestId('pin-value');
    expect(pin).toHaveTextContent('********');
    expect(fake.callsOf('user.revealPin')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show PIN' }));
    await waitFor(() => expect(screen.getByTestId('pin-value')).toHaveTextContent('4321'));
    expect(fake.callsOf('user.revealPin')[0]?.params).toEqual({ id: '9' });

    await user.click(screen.getByRole('button', { name: 'Hide PIN' }));
    expect(screen.getByTestId('pin-value')).toHaveTextContent('********');
  });

  it("says 'Not set' for a user without a PIN, with no toggle", async () => {
    renderProfile(
      { 'user.get': () => ({ ...manager, hasPin: false }) },
      { me: aPerson({ roleId: Role.CompanyManager, id: 5 }) },
    );
    await screen.findByRole('heading', { name: 'Morgan Lee' });
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show PIN' })).not.toBeInTheDocument();
  });

  it('shows the refusal when the reveal is refused', async () => {
    const { user } = renderProfile(
      { 'user.get': () => manager, 'user.revealPin': () => fakeError(403, messages.permission.forbidden) },
      { me: aPerson({ roleId: Role.CompanyManager, id: 5 }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Show PIN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.permission.forbidden);
    expect(screen.getByTestId('pin-value')).toHaveTextContent('********');
  });

  it('a peer (same role) sees asterisks without a toggle and no Update Profile', async () => {
    renderProfile(
      { 'user.get': () => manager },
      {
        me: aPerson({
          roleId: Role.Manager,
          id: 8,
          userToLocation: [{ locationId: 21, location: { name: 'Harbor', organizationId: 11 } }],
        }),
      },
    );
    await screen.findByRole('heading', { name: 'Morgan Lee' });
    expect(screen.getByTestId('pin-value')).toHaveTextContent('********');
    expect(screen.queryByRole('button', { name: 'Show PIN' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Update Profile' })).not.toBeInTheDocument();
  });

  it('Update Profile shows for oneself and for those above, and links to the edit page', async () => {
    renderProfile({ 'user.get': () => manager }, { me: manager });
    expect(await screen.findByRole('link', { name: 'Update Profile' })).toHaveAttribute(
      'href',
      '/app/users/update/9',
    );
  });

  it("'None' where there is no phone, e-mail, company, location or area", async () => {
    const bare = aPerson({
      roleId: Role.Employee,
      id: 9,
      email: null,
      managementCompany: null,
      managementCompanyId: null,
    });
    renderProfile({ 'user.get': () => bare }, { me: aPerson({ roleId: Role.SuperUser, id: 1 }) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByText('None')).toHaveLength(5);
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });

  it('renders the API’s refusal as the error panel', async () => {
    renderProfile(
      { 'user.get': () => fakeError(404, messages.fetch.userNotFound) },
      { me: aPerson({ roleId: Role.Manager, id: 8 }) },
    );
    expect(await screen.findByText(messages.fetch.userNotFound)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("an id that is no id says 'Invalid user ID' and asks nothing", async () => {
    const { fake } = renderProfile({ 'user.get': () => manager }, { me: manager, id: 'abc' });
    expect(await screen.findByText(messages.validation.invalidUserId)).toBeInTheDocument();
    expect(fake.callsOf('user.get')).toHaveLength(0);
  });

  it('shows the user the top bar hands over at once, while their profile loads', async () => {
    let answer: (user: User) => void = () => undefined;
    stubApi({
      'user.get': () => new Promise<User>((resolve) => (answer = resolve)),
      'location.allByUser': () => [],
    });
    renderWithProviders(<UserProfilePage />, {
      route: '/start',
      path: '/app/users/:id',
      routes: [{ path: '/start', element: <Navigate to="/app/users/9" state={{ user: manager }} replace /> }],
      user: manager,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Morgan Lee' })).toBeInTheDocument();
    answer({ ...manager, lastName: 'Lee-Fresh' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Morgan Lee-Fresh' })).toBeInTheDocument();
  });
});
