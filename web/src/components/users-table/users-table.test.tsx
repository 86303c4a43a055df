import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import { renderWithFakeApi, columnTexts } from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aLocation, anOrganization, aPerson } from '../../testing/fixtures.ts';
import { UsersTable, type UsersSource } from './users-table.tsx';
import { Role } from '@sitewalk/shared/roles';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';

const companyManager = aPerson({
  id: 100,
  roleId: Role.CompanyManager,
  managementCompany: { name: 'Acme Storage' },
});

const renderTable = (handlers: FakeHandlers, source: UsersSource, signedIn: User = companyManager) => {
  return renderWithFakeApi(<UsersTable source={source} />, handlers, {
    route: '/app/table',
    path: '/app/table',
    routes: [
      { path: '/app/users/:id', element: <p>user page</p> },
      { path: '/app/addUser', element: <p>add user page</p> },
    ],
    user: signedIn,
  });
};

const rowNames = () => columnTexts(0, screen.getByRole('table', { name: 'Users' }));

const area = anOrganization({ id: 3 });
const inOrganization = (user: User): User => ({
  ...user,
  userToOrganization: [{ organizationId: 3, organization: { name: 'North Area' } }],
});
const zed = inOrganization(aPerson({ id: 1, firstName: 'Zoe', lastName: 'Zed', roleId: Role.AreaManager }));
const abe = inOrganization(aPerson({ id: 2, firstName: 'Abe', lastName: 'Able', roleId: Role.AreaManager }));
const carla = aPerson({ id: 3, firstName: 'Carla', lastName: 'Cole', roleId: Role.AreaManager });
const dev = aPerson({ id: 4, firstName: 'Dev', lastName: 'Doe', roleId: Role.AreaManager });
const manny = aPerson({ id: 5, firstName: 'Manny', lastName: 'Mack', roleId: Role.Manager });
const other = aPerson({
  id: 6,
  firstName: 'Otto',
  lastName: 'Other',
  roleId: Role.AreaManager,
  managementCompanyId: 2,
});
const peer = aPerson({ id: 7, firstName: 'Pat', lastName: 'Peer', roleId: Role.CompanyManager });

describe('UsersTable, user source', () => {
  afterEach(() => vi.unstubAllGlobals());

  const pageOf = (users: User[]) => ({ users, totalCount: users.length });

  it('lists a page of the signed-in user’s users by last name; a row opens the profile; Add goes to /app/addUser', async () => {
    const { user, router, fake } = renderTable(
      { 'user.someByUser': () => pageOf([abe, carla, zed]) },
      { kind: 'user' },
    );
    await screen.findByText('Zoe Zed');
    // In the API's order (by last name).
    expect(rowNames()).toEqual(['Abe Able', 'Carla Cole', 'Zoe Zed']);
    expect(fake.callsOf('user.someByUser')[0]?.params).toEqual({ id: '100' });
    expect(Object.fromEntries(fake.callsOf('user.someByUser')[0]!.query)).toEqual({
      limit: '10',
      offset: '0',
    });
    expect(fake.callsOf('user.allByUser')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/app/addUser');
    expect(screen.queryByRole('button', { name: 'Add Users' })).not.toBeInTheDocument();
    await user.click(screen.getByText('Carla Cole').closest('tr')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/users/3'));
  });

  it('each name links to its profile', async () => {
    renderTable({ 'user.someByUser': () => pageOf([abe]) }, { kind: 'user' });
    expect(await screen.findByRole('link', { name: 'Abe Able' })).toHaveAttribute('href', '/app/users/2');
  });

  it('searches and pages through the API', async () => {
    const { user, fake } = renderTable(
      {
        'user.someByUser': (request) =>
          request.query.get('searchTerm') === 'person5@'
            ? pageOf([manny])
            : { users: [zed, carla, manny], totalCount: 30 },
      },
      { kind: 'user' },
    );
    await screen.findByText('Zoe Zed');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(fake.callsOf('user.someByUser').at(-1)?.query.get('offset')).toBe('20'));
    await user.type(screen.getByRole('searchbox', { name: 'Search Users' }), 'person5@');
    await waitFor(() => expect(rowNames()).toEqual(['Manny Mack']));
    expect(fake.callsOf('user.someByUser').at(-1)?.query.get('searchTerm')).toBe('person5@');
    expect(fake.callsOf('user.someByUser').at(-1)?.query.get('offset')).toBe('0');
  });

  it('offers no Add to a user who may create no role', async () => {
    renderTable(
      { 'user.someByUser': () => pageOf([abe]) },
      { kind: 'user' },
      aPerson({ id: 9, roleId: Role.Employee, roleName: 'Employee' }),
    );
    await screen.findByText('Abe Able');
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('shows the API’s refusal as the error panel', async () => {
    renderTable(
      { 'user.someByUser': () => fakeError(403, 'You do not have permission to do this') },
      { kind: 'user' },
    );
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

const namesHold = (users: readonly User[], query: URLSearchParams) => {
  const term = (query.get('searchTerm') ?? '').toLowerCase();
  return users.filter((u) => `${u.firstName} ${u.lastName}`.toLowerCase().includes(term));
};

/**
 * The server's search of the signed-in user's users: names holding the term. Asked with
 * addableToOrganizationId or addableToLocationId (the Add Users dialog), it answers `addable` instead: the
 * server decides who may be added (test/contract/memberships.test.ts).
 */
const search =
  (all: User[], addable: User[] = all): FakeHandlers['user.someByUser'] =>
  ({ query }) => {
    const asked = query.has('addableToOrganizationId') || query.has('addableToLocationId');
    const users = namesHold(asked ? addable : all, query);
    return { users, totalCount: users.length };
  };

/** A place's members as the server pages them: by last name, names holding the term, `limit` from `offset`. */
const membersPage =
  (members: () => User[]): FakeHandlers['user.someByOrganization'] & FakeHandlers['user.someByLocation'] =>
  ({ query }) => {
    const users = namesHold(members(), query).sort((a, b) => a.lastName.localeCompare(b.lastName));
    const offset = Number(query.get('offset') ?? 0);
    return {
      users: users.slice(offset, offset + Number(query.get('limit') ?? 10)),
      totalCount: users.length,
    };
  };

describe('UsersTable, area source', () => {
  afterEach(() => vi.unstubAllGlobals());

  const organizationHandlers = (members: User[], all: User[]): FakeHandlers => ({
    'organization.get': () => area,
    'user.someByOrganization': membersPage(() => members),
    'user.someByUser': search(all),
  });

  it('lists a page of the members, searched and paged by the API', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      inOrganization(
        aPerson({ id: 200 + i, firstName: 'Person', lastName: `Member${String(i).padStart(2, '0')}` }),
      ),
    );
    const { user, fake } = renderTable(organizationHandlers(many, []), { kind: 'organization', id: 3 });
    await screen.findByText('Person Member00');
    expect(rowNames()).toHaveLength(10);
    expect(fake.callsOf('user.someByOrganization')[0]?.params).toEqual({ id: '3' });
    expect(Object.fromEntries(fake.callsOf('user.someByOrganization')[0]!.query)).toEqual({
      limit: '10',
      offset: '0',
    });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowNames()).toEqual(['Person Member10', 'Person Member11']));
    await user.type(screen.getByRole('searchbox', { name: 'Search Users' }), 'member03');
    await waitFor(() => expect(rowNames()).toEqual(['Person Member03']));
    expect(fake.callsOf('user.someByOrganization').at(-1)?.query.get('searchTerm')).toBe('member03');
    expect(fake.callsOf('user.allByOrganization')).toHaveLength(0);
  });

  it('adds users through the dialog: those the server says may be added to the area', async () => {
    let members = [zed, abe];
    const { user, fake } = renderTable(
      {
        ...organizationHandlers(members, []),
        'user.someByOrganization': membersPage(() => members),
        'user.someByUser': search([zed, abe, carla, dev, manny, other, peer], [carla, dev]),
        'user.addToOrganization': (request) => {
          const { userIds } = request.body as { userIds: number[] };
          members = [...members, ...[carla, dev].filter((u) => userIds.includes(u.id)).map(inOrganization)];
          return { success: true, count: userIds.length };
        },
      },
      { kind: 'organization', id: 3 },
    );
    await screen.findByText('Zoe Zed');
    expect(rowNames()).toEqual(['Abe Able', 'Zoe Zed']);
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
    const list = await within(dialog).findByRole('list', { name: 'Users to add' });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
    expect(within(list).getByText('Carla Cole')).toBeInTheDocument();
    expect(within(list).getByText('Dev Doe')).toBeInTheDocument();
    expect(fake.callsOf('user.someByUser').at(-1)?.query.get('addableToOrganizationId')).toBe('3');
    await user.click(within(list).getByRole('checkbox', { name: 'Carla Cole' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Dev Doe' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsOf('user.addToOrganization').map((r) => r.body)).toEqual([
      { userIds: [3, 4], organizationId: 3 },
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['Abe Able', 'Carla Cole', 'Dev Doe', 'Zoe Zed']));
  });

  it('searches the users on the server, keeping the ticked ones while the search changes', async () => {
    const { user, fake } = renderTable(
      {
        ...organizationHandlers([zed], [zed, carla, dev]),
        'user.addToOrganization': ({ body }) => ({
          success: true,
          count: (body as { userIds: number[] }).userIds.length,
        }),
      },
      { kind: 'organization', id: 3 },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Carla Cole' }));
    const search = within(dialog).getByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'zzz');
    expect(await within(dialog).findByRole('checkbox', { name: 'Carla Cole' })).toBeChecked();
    await user.clear(search);
    await user.type(search, 'doe');
    await waitFor(() => expect(fake.callsOf('user.someByUser').at(-1)?.query.get('searchTerm')).toBe('doe'));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Dev Doe' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Dev Doe' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Carla Cole' })).toBeChecked();
    const asked = fake.callsOf('user.someByUser');
    expect(asked.at(-1)?.query.get('searchTerm')).toBe('doe');
    expect(asked.at(-1)?.query.get('limit')).toBe(String(PICKER_MATCHES));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(fake.callsOf('user.addToOrganization').map((r) => r.body)).toEqual([
        { userIds: [3, 4], organizationId: 3 },
      ]),
    );
  });

  it('says no user matches a search that finds none', async () => {
    const { user } = renderTable(organizationHandlers([zed], [zed, carla]), { kind: 'organization', id: 3 });
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
    await within(dialog).findByText('Carla Cole');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'zzz');
    expect(await within(dialog).findByText('No user matches')).toBeInTheDocument();
  });

  it('asks for at least one user', async () => {
    const { user, fake } = renderTable(organizationHandlers([zed], [zed, carla]), {
      kind: 'organization',
      id: 3,
    });
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
    await within(dialog).findByText('Carla Cole');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Please select at least one user to add')).toBeInTheDocument();
    expect(fake.callsOf('user.addToOrganization')).toHaveLength(0);
  });

  it('says when nobody is left to add', async () => {
    const { user } = renderTable(
      { ...organizationHandlers([zed], []), 'user.someByUser': search([zed, manny, other], []) },
      { kind: 'organization', id: 3 },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
    expect(await within(dialog).findByText('No users available to add.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('says the candidates could not be loaded, in the API’s words when it gave some', async () => {
    const { user } = renderTable(
      {
        ...organizationHandlers([zed], []),
        'user.someByUser': () => fakeError(403, 'You do not have permission to do this'),
      },
      { kind: 'organization', id: 3 },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
    expect(await within(dialog).findByText('You do not have permission to do this')).toBeInTheDocument();
  });

  it('says the candidates could not be loaded when the network failed', async () => {
    const { user } = renderTable(
      {
        ...organizationHandlers([zed], []),
        'user.someByUser': () => {
          throw new TypeError('Failed to fetch');
        },
      },
      { kind: 'organization', id: 3 },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
    expect(
      await within(dialog).findByText('Error loading users. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open with the failure text when adding fails', async () => {
    const { user } = renderTable(
      {
        ...organizationHandlers([zed], [zed, carla]),
        'user.addToOrganization': () => fakeError(400, 'userIds: only area managers and above'),
      },
      { kind: 'organization', id: 3 },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Carla Cole' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Failed to add users. Please try again.')).toBeInTheDocument();
  });

  it('removes a member', async () => {
    let members = [zed, abe];
    const { user, fake } = renderTable(
      {
        ...organizationHandlers(members, []),
        'user.someByOrganization': membersPage(() => members),
        'user.removeFromOrganization': (request) => {
          members = members.filter((m) => String(m.id) !== request.params.userId);
          return { success: true, count: 1 };
        },
      },
      { kind: 'organization', id: 3 },
    );
    await user.click(await screen.findByRole('button', { name: 'Remove Zoe Zed' }));
    await waitFor(() => expect(rowNames()).toEqual(['Abe Able']));
    expect(fake.callsOf('user.removeFromOrganization')[0]?.params).toEqual({
      userId: '1',
      organizationId: '3',
    });
  });

  it('says so when a removal fails', async () => {
    const { user } = renderTable(
      {
        ...organizationHandlers([zed], []),
        'user.removeFromOrganization': () => fakeError(500, 'Internal Server Error'),
      },
      { kind: 'organization', id: 3 },
    );
    await user.click(await screen.findByRole('button', { name: 'Remove Zoe Zed' }));
    expect(await screen.findByText('Failed to remove user. Please try again.')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Zoe Zed']);
  });

  it('offers neither adding nor removing to an Area Manager (the API refuses them)', async () => {
    const areaManager = aPerson({
      id: 50,
      roleId: Role.AreaManager,
      userToOrganization: [{ organizationId: 3, organization: { name: 'North Area' } }],
    });
    renderTable(
      organizationHandlers([zed, manny], [zed, carla]),
      { kind: 'organization', id: 3 },
      areaManager,
    );
    await screen.findByText('Zoe Zed');
    await waitFor(() =>
      expect(screen.queryByRole('columnheader', { name: 'Remove' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Add Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('offers no removal of a peer or a senior', async () => {
    renderTable(organizationHandlers([zed, inOrganization(peer)], []), { kind: 'organization', id: 3 });
    expect(await screen.findByRole('button', { name: 'Remove Zoe Zed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Pat Peer' })).not.toBeInTheDocument();
  });
});

describe('UsersTable, location source', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers a Manager those the server says they may add to the location', async () => {
    const manager = aPerson({
      id: 60,
      roleId: Role.Manager,
      userToLocation: [
        { locationId: 11, location: { name: 'Harbor Self Storage' } },
        { locationId: 12, location: { name: 'Bay Storage' } },
      ],
    });
    const atBay = (u: User): User => ({
      ...u,
      userToLocation: [{ locationId: 12, location: { name: 'Bay Storage' } }],
    });
    const atHarbor = (u: User): User => ({
      ...u,
      userToLocation: [{ locationId: 11, location: { name: 'Harbor Self Storage' } }],
    });
    const assistant = atBay(
      aPerson({ id: 21, firstName: 'Ann', lastName: 'Assist', roleId: Role.AssistantManager }),
    );
    const employee = atBay(aPerson({ id: 22, firstName: 'Ed', lastName: 'Employ', roleId: Role.Employee }));
    const member = atHarbor(
      aPerson({ id: 23, firstName: 'Mo', lastName: 'Member', roleId: Role.AssistantManager }),
    );
    const { user, fake } = renderTable(
      {
        'location.get': () => aLocation({ id: 11 }),
        'user.someByLocation': membersPage(() => [member]),
        'user.someByUser': search([member, assistant, employee, atBay(manny)], [assistant, employee]),
        'user.addToLocation': () => ({ success: true, count: 1 }),
      },
      { kind: 'location', id: 11 },
      manager,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
    const list = await within(dialog).findByRole('list', { name: 'Users to add' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    expect(fake.callsOf('user.someByUser').at(-1)?.query.get('addableToLocationId')).toBe('11');
    await user.click(within(list).getByRole('checkbox', { name: 'Ed Employ' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(fake.callsOf('user.addToLocation').map((r) => r.body)).toEqual([
        { userIds: [22], locationId: 11 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remove Mo Member' })).toBeInTheDocument();
  });
});
