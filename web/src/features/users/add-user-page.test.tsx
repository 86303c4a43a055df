import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { messages } from '@sitewalk/shared/messages';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { installFakeXhr } from '../../testing/fake-xhr.ts';
import type { FakeHandlers } from '../../testing/fake-api.ts';
import { AddUserPage } from './add-user-page.tsx';
import { aCompany, aPerson } from '../../testing/fixtures.ts';
import { placeHandlers, stubApi } from './testing/user-fixtures.ts';

const companyManager = aPerson({ roleId: Role.CompanyManager, id: 5 });

const renderAddUser = (
  handlers: FakeHandlers = {},
  {
    me = companyManager,
    refuse = {},
  }: { me?: ReturnType<typeof aPerson>; refuse?: Parameters<typeof stubApi>[1] } = {},
) => {
  const fake = stubApi({ ...placeHandlers(), ...handlers }, refuse);
  const rendered = renderWithProviders(<AddUserPage />, {
    route: '/app/addUser',
    path: '/app/addUser',
    routes: [
      { path: '/app/users/:id', element: <p>profile page</p> },
      { path: '/app/users/update/:id', element: <p>update page</p> },
    ],
    user: me,
  });
  return { ...rendered, fake };
};

const chooseRole = async (user: UserEvent, name: string) => {
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
};

const pick = async (user: UserEvent, label: string, option: string) => {
  await user.click(await screen.findByRole('combobox', { name: label }));
  // A location's option names its address too, after its name.
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
  await user.keyboard('{Escape}');
};

const fillPerson = async (
  user: UserEvent,
  values: { email?: string; pin?: string; password?: string; confirm?: string },
) => {
  await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Jamie');
  await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Rivera');
  if (values.email) await user.type(screen.getByRole('textbox', { name: /Email Address/ }), values.email);
  if (values.pin) await user.type(screen.getByRole('textbox', { name: /PIN/ }), values.pin);
  if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
  if (values.confirm) await user.type(screen.getByLabelText(/^Confirm Password/), values.confirm);
};

const created = (roleId: RoleId) => ({
  success: true as const,
  data: aPerson({ roleId: roleId, id: 77 }),
  error: null,
  message: 'created',
  validationErrors: null,
});

describe('AddUserPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers only the roles below one’s own, Manager first chosen', async () => {
    const { user } = renderAddUser();
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('Manager');
    await user.click(role);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Area Manager', 'Manager', 'Assistant Manager', 'Employee']);
  });

  it.each([
    ['an Assistant Manager', Role.AssistantManager, 'Employee'],
    ['a Manager', Role.Manager, 'Assistant Manager'],
  ])(
    'for %s it starts at the highest role left when Manager is not below theirs',
    async (_, roleId, first) => {
      renderAddUser({}, { me: aPerson({ roleId: roleId, id: 5 }) });
      expect(await screen.findByRole('combobox', { name: 'Role' })).toHaveTextContent(first);
    },
  );

  it("says 'You are not authorized to view this page' when no role is below one's own", async () => {
    const { fake } = renderAddUser({}, { me: aPerson({ roleId: Role.Employee, id: 5 }) });
    expect(await screen.findByText(messages.permission.notAuthorizedPage)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });

  it('Manager: requires names and a PIN, checks the phone, PIN and password match, and sends nothing', async () => {
    const { user, fake } = renderAddUser();
    await screen.findByRole('textbox', { name: /First Name/ });
    await user.click(screen.getByRole('button', { name: 'Add Manager' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText(messages.validation.pinRequired)).toBeInTheDocument();
    // The e-mail is optional for a Manager.
    expect(screen.getByRole('textbox', { name: 'Email Address (Optional)' })).not.toBeRequired();

    await user.type(screen.getByRole('textbox', { name: /Phone Number/ }), '55512');
    await user.type(screen.getByRole('textbox', { name: /PIN/ }), '12ab');
    expect(screen.getByRole('textbox', { name: /PIN/ })).toHaveValue('12');
    await user.type(screen.getByLabelText(/^Password/), 'Welcome1A');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Welcome1B');
    await user.click(screen.getByRole('button', { name: 'Add Manager' }));
    expect(await screen.findByText(messages.validation.invalidPhone)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.invalidPin)).toBeInTheDocument();
    expect(screen.getByText(messages.password.mismatch)).toBeInTheDocument();
    expect(fake.callsOf('user.createManager')).toHaveLength(0);
  });

  it('Manager: formats the phone as typed, sends the parsed create body, then opens the new profile', async () => {
    const { user, fake, router } = renderAddUser({ 'user.createManager': () => created(Role.Manager) });
    await screen.findByRole('textbox', { name: /First Name/ });
    await pick(user, 'Locations', 'Harbor');
    // The picker searched the chosen company's locations on the server; the scope was never loaded whole.
    const searched = fake.callsOf('location.someByUser');
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((call) => call.query.get('managementCompanyId') === '1')).toBe(true);
    expect(fake.callsOf('location.allByUser')).toHaveLength(0);
    await pick(user, 'Default Location', 'Harbor');
    await fillPerson(user, {
      pin: '4321',
      email: 'Jamie@Example.com',
      password: 'Welcome1A',
      confirm: 'Welcome1A',
    });
    await user.type(screen.getByRole('textbox', { name: /Phone Number/ }), '15555550123');
    expect(screen.getByRole('textbox', { name: /Phone Number/ })).toHaveValue('555-555-0123');
    await user.click(screen.getByRole('button', { name: 'Add Manager' }));

    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('user.createManager')[0]?.body).toEqual({
      userInfo: {
        firstName: 'Jamie',
        lastName: 'Rivera',
        // The shared schema's output: the phone normalised, the e-mail in lower case.
        phone: '555-555-0123',
        email: 'jamie@example.com',
        password: 'Welcome1A',
        pin: '4321',
        managementCompanyId: 1,
        defaultLocationId: 21,
      },
      locationIds: [21],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/users/77'), { timeout: 2000 });
  });

  it("Area Manager: requires an e-mail and an area ('Did you choose at least one organization?')", async () => {
    const { user, fake } = renderAddUser({ 'user.createAreaManager': () => created(Role.AreaManager) });
    await chooseRole(user, 'Area Manager');
    await fillPerson(user, {});
    await user.click(screen.getByRole('button', { name: 'Add Area Manager' }));
    expect(await screen.findByText(messages.validation.emailRequiredForRole)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.chooseOrganization)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Locations' })).not.toBeInTheDocument();

    await pick(user, 'Areas', 'South');
    // The picker searched the chosen company's areas on the server; the scope was never loaded whole.
    const searched = fake.callsOf('organization.someByUser');
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((call) => call.query.get('managementCompanyId') === '1')).toBe(true);
    expect(fake.callsOf('organization.allByUser')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Email Address/ }), 'area@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Welcome1A');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Welcome1A');
    await user.click(screen.getByRole('button', { name: 'Add Area Manager' }));
    await waitFor(() => expect(fake.callsOf('user.createAreaManager')).toHaveLength(1));
    expect(fake.callsOf('user.createAreaManager')[0]?.body).toMatchObject({
      userInfo: { email: 'area@example.com', managementCompanyId: 1 },
      organizationIds: [12],
    });
  });

  it('a user who signs in needs a first password, held to the password rule', async () => {
    const { user, fake } = renderAddUser();
    await chooseRole(user, 'Area Manager');
    await pick(user, 'Areas', 'North');
    await fillPerson(user, { email: 'area@example.com', password: 'short', confirm: 'short' });
    await user.click(screen.getByRole('button', { name: 'Add Area Manager' }));
    expect(await screen.findByText(messages.password.rule)).toBeInTheDocument();
    expect(fake.callsOf('user.createAreaManager')).toHaveLength(0);
  });

  it.each([
    ['Area Manager', 'user.createAreaManager', 'Area Manager creation failed'],
    ['Manager', 'user.createManager', 'Manager creation failed'],
    ['Assistant Manager', 'user.createAssistantManager', 'Assistant Manager creation failed'],
  ] as const)(
    '%s: the server’s validationErrors go under their fields, and the role’s failure text shows',
    async (roleName, route, failure) => {
      const path = {
        'user.createAreaManager': 'area-manager',
        'user.createManager': 'manager',
        'user.createAssistantManager': 'assistant-manager',
      }[route];
      const { user } = renderAddUser(
        {},
        {
          refuse: {
            [`POST /api/user/${path}`]: {
              status: 400,
              error: 'Bad Request',
              message: 'userInfo.lastName: Too long',
              validationErrors: { 'userInfo.lastName': ['Too long'] },
            },
          },
        },
      );
      await chooseRole(user, roleName);
      if (roleName === 'Area Manager') await pick(user, 'Areas', 'North');
      else await pick(user, 'Locations', 'Harbor');
      await fillPerson(user, {
        email: 'x@example.com',
        password: 'Welcome1A',
        confirm: 'Welcome1A',
        ...(roleName === 'Area Manager' ? {} : { pin: '1234' }),
      });
      await user.click(screen.getByRole('button', { name: `Add ${roleName}` }));
      expect(await screen.findByText('Too long')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(failure);
      expect(await screen.findByText('Error')).toBeInTheDocument();
    },
  );

  it('shows what no field takes as the server said it, and names the user who has the e-mail', async () => {
    const { user } = renderAddUser(
      {},
      {
        refuse: {
          'POST /api/user/manager': {
            status: 409,
            error: 'Conflict',
            message: messages.auth.emailTaken,
            validationErrors: { existingUserId: 42 },
          },
        },
      },
    );
    await pick(user, 'Locations', 'Harbor');
    await fillPerson(user, {
      email: 'x@example.com',
      pin: '1234',
      password: 'Welcome1A',
      confirm: 'Welcome1A',
    });
    await user.click(screen.getByRole('button', { name: 'Add Manager' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.auth.emailTaken);
    expect(within(alert).getByRole('link', { name: 'View that user' })).toHaveAttribute(
      'href',
      '/app/users/42',
    );
  });

  it.each([
    ['Area Manager', 'areas', messages.prerequisites.addArea],
    ['Manager', 'locations', messages.prerequisites.addLocation],
    ['Owner', 'companies', messages.prerequisites.addManagementCompany],
  ] as const)('%s without %s says so and cannot be sent', async (roleName, missing, text) => {
    const fake = placeHandlers(
      missing === 'companies' ? [] : undefined,
      missing === 'areas' ? [] : undefined,
      missing === 'locations' ? [] : undefined,
    );
    const { user } = renderAddUser(fake, { me: aPerson({ roleId: Role.SuperUser, id: 1 }) });
    await chooseRole(user, roleName);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Add ${roleName}` })).toBeDisabled();
  });

  it('Admin: no company, e-mail required', async () => {
    const { user, fake } = renderAddUser(
      { 'user.createAdmin': () => created(Role.Admin) },
      { me: aPerson({ roleId: Role.SuperUser, id: 1 }) },
    );
    await chooseRole(user, 'Admin');
    expect(screen.queryByRole('combobox', { name: /Management Company/ })).not.toBeInTheDocument();
    await fillPerson(user, { password: 'Welcome1A', confirm: 'Welcome1A' });
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect(await screen.findByText(messages.validation.emailRequiredForRole)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email Address/ }), 'admin2@example.com');
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    await waitFor(() => expect(fake.callsOf('user.createAdmin')).toHaveLength(1));
    expect(fake.callsOf('user.createAdmin')[0]?.body).toEqual({
      userInfo: {
        firstName: 'Jamie',
        lastName: 'Rivera',
        email: 'admin2@example.com',
        password: 'Welcome1A',
      },
    });
  });

  it('Company Manager by a Super User: names and an e-mail required, the passwords must match, nothing sent', async () => {
    const { user, fake } = renderAddUser(
      {
        ...placeHandlers([aCompany({ id: 1, name: 'Acme Storage' })]),
        'user.createCompanyManager': () => created(Role.CompanyManager),
      },
      { me: aPerson({ roleId: Role.SuperUser, id: 1 }) },
    );
    await chooseRole(user, 'Company Manager');
    await user.click(screen.getByRole('button', { name: 'Add Company Manager' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText(messages.validation.emailRequiredForRole)).toBeInTheDocument();

    await fillPerson(user, { email: 'cm@example.com', password: 'Welcome1First', confirm: 'Welcome1Other' });
    await user.click(screen.getByRole('button', { name: 'Add Company Manager' }));
    expect(await screen.findByText(messages.password.mismatch)).toBeInTheDocument();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(fake.callsOf('user.createCompanyManager')).toHaveLength(0);
  });

  it('Owner created by a Super User must choose a management company', async () => {
    const { user } = renderAddUser(
      placeHandlers([aCompany({ id: 1, name: 'Acme Storage' }), aCompany({ id: 2, name: 'Bay Storage' })]),
      {
        me: aPerson({ roleId: Role.SuperUser, id: 1 }),
      },
    );
    await chooseRole(user, 'Owner');
    await fillPerson(user, { email: 'o@example.com', password: 'Welcome1A', confirm: 'Welcome1A' });
    await user.click(screen.getByRole('button', { name: 'Add Owner' }));
    expect(await screen.findByText(messages.validation.selectManagementCompany)).toBeInTheDocument();
  });

  it('a Super User searches the management companies on the server and sends the one chosen', async () => {
    const companies = ['Acme Storage', 'Bay Storage', 'Harbor Self Storage'].map((name, i) =>
      aCompany({ id: i + 1, name }),
    );
    const { user, fake } = renderAddUser(
      { ...placeHandlers(companies), 'user.createOwner': () => created(Role.Owner) },
      { me: aPerson({ roleId: Role.SuperUser, id: 1 }) },
    );
    await chooseRole(user, 'Owner');
    const picker = screen.getByRole('combobox', { name: /Management Company/ });
    await user.click(picker);
    await user.type(picker, 'harb');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Harbor Self Storage']),
    );
    await user.click(screen.getByRole('option', { name: 'Harbor Self Storage' }));
    await fillPerson(user, { email: 'o@example.com', password: 'Welcome1A', confirm: 'Welcome1A' });
    await user.click(screen.getByRole('button', { name: 'Add Owner' }));
    await waitFor(() => expect(fake.callsOf('user.createOwner')).toHaveLength(1));
    expect(fake.callsOf('user.createOwner')[0]?.body).toMatchObject({ userInfo: { managementCompanyId: 3 } });
    const asked = fake.callsOf('managementCompany.some').map(({ query }) => Object.fromEntries(query));
    expect(asked[0]).toEqual({ limit: String(PICKER_MATCHES), offset: '0' });
    expect(asked.at(-1)).toEqual({ limit: String(PICKER_MATCHES), offset: '0', searchTerm: 'harb' });
    // The whole list of companies is never loaded.
    expect(fake.callsOf('managementCompany.allByUser')).toHaveLength(0);
  });

  it("below Owner, the company is the user's own, chosen already, without the company list's route", async () => {
    const { fake } = renderAddUser();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Management Company/ })).toHaveValue('Acme Storage'),
    );
    expect(fake.callsOf('managementCompany.some')).toHaveLength(0);
  });

  describe('with a profile picture', () => {
    const ticket = () => ({
      uploadUrl: 'https://bucket.test/put?sig=1',
      key: 'k/77.png',
      headers: { 'content-type': 'image/png' },
      expiresIn: 300,
    });
    const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

    const addWithPicture = async (user: UserEvent) => {
      await pick(user, 'Locations', 'Harbor');
      await fillPerson(user, { pin: '1234' });
      await user.upload(screen.getByLabelText('Profile Picture', { selector: 'input' }), png());
      await user.click(screen.getByRole('button', { name: 'Add Manager' }));
    };

    it('uploads it for the new user once they exist, then opens their profile', async () => {
      const xhrs = installFakeXhr();
      const { user, fake, router } = renderAddUser({
        'user.createManager': () => created(Role.Manager),
        'user.profilePictureUpload': ticket,
      });
      await addWithPicture(user);
      const put = await xhrs.latest();
      expect(put.method).toBe('PUT');
      expect(put.url).toBe('https://bucket.test/put?sig=1');
      expect(fake.callsOf('user.profilePictureUpload')[0]?.params).toMatchObject({ userId: '77' });
      put.answer(200);
      expect(await screen.findByText('Saved!')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/users/77'), { timeout: 2000 });
    });

    it('a failed upload still counts the user as added, and sends them to the edit page with the reason', async () => {
      const xhrs = installFakeXhr();
      const { user, fake, router } = renderAddUser({
        'user.createManager': () => created(Role.Manager),
        'user.profilePictureUpload': ticket,
      });
      await addWithPicture(user);
      (await xhrs.latest()).fail();
      expect(await screen.findByText('Saved!')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/users/update/77'), {
        timeout: 2000,
      });
      expect(router.state.location.state).toEqual({ pictureFailed: 'The upload failed. Please try again.' });
      expect(fake.callsOf('user.createManager')).toHaveLength(1);
    });
  });
});
