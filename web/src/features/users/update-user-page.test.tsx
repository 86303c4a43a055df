import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@sitewalk/shared/messages';
import { Role } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { installFakeXhr } from '../../testing/fake-xhr.ts';
import { Navigate } from 'react-router';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { UpdateUserPage } from './update-user-page.tsx';
import { placeHandlers, stubApi } from './testing/user-fixtures.ts';
import { aPerson } from '../../testing/fixtures.ts';

const companyManager = aPerson({ roleId: Role.CompanyManager, id: 5 });
const manager = aPerson({
  roleId: Role.Manager,
  id: 9,
  firstName: 'Morgan',
  lastName: 'Lee',
  email: null,
  hasPin: true,
  userToLocation: [{ locationId: 21, location: { name: 'Harbor', organizationId: 11 } }],
});

const saved = (user: User) => ({
  success: true as const,
  data: user,
  error: null,
  message: 'User updated',
  validationErrors: null,
});

const renderUpdate = (
  handlers: FakeHandlers,
  {
    me = companyManager,
    id = '9',
    refuse = {},
  }: { me?: User; id?: string; refuse?: Parameters<typeof stubApi>[1] } = {},
) => {
  const fake = stubApi(
    { ...placeHandlers(), 'auth.mfaStatus': () => ({ enabled: false, required: false }), ...handlers },
    refuse,
  );
  const rendered = renderWithProviders(<UpdateUserPage />, {
    route: `/app/users/update/${id}`,
    path: '/app/users/update/:id',
    routes: [
      { path: '/app/users/:id', element: <p>profile page</p> },
      { path: '/app/users', element: <p>users list</p> },
    ],
    user: me,
  });
  return { ...rendered, fake };
};

describe('UpdateUserPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the fields in the spec’s order, with locations for a Manager and no company-email toggle', async () => {
    renderUpdate({ 'user.get': () => manager });
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    const labels = [
      'Management Company',
      'Locations',
      'Default Location',
      'First Name',
      'Last Name',
      'Phone Number',
      'Email Address',
      'PIN',
      'Role',
      'Change Password',
    ];
    const shown = labels.map((label) => screen.getByLabelText(new RegExp(`^${label}`)));
    shown.slice(1).forEach((el, i) => {
      const before = shown[i] as HTMLElement;
      expect(
        before.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
        labels[i + 1],
      ).toBeTruthy();
    });
    expect(screen.queryByRole('combobox', { name: 'Areas' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Company Email/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete User' })).toBeInTheDocument();
  });

  it('offers the roles below one’s own; Area Manager swaps locations for areas, above it keeps neither', async () => {
    const { user, fake } = renderUpdate({
      'user.get': () => manager,
      'user.update': ({ body }) => saved({ ...manager, ...(body as { userInfo: Partial<User> }).userInfo }),
    });
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Area Manager', 'Manager', 'Assistant Manager', 'Employee']);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Area Manager' }));
    expect(screen.queryByRole('combobox', { name: 'Locations' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Areas' })).toBeInTheDocument();

    // An Area Manager needs an area and an e-mail.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.validation.chooseOrganization)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.emailRequiredForRole)).toBeInTheDocument();
    expect(fake.callsOf('user.update')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Areas' }));
    await user.click(await screen.findByRole('option', { name: 'North' }));
    await user.keyboard('{Escape}');
    // Pasted, not typed: each key re-renders the whole form with its three pickers (over 15 s on a loaded
    // machine); typing in the field is the identity tests'.
    await user.click(screen.getByRole('textbox', { name: /Email Address/ }));
    await user.paste('morgan@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsOf('user.update')).toHaveLength(1));
    expect(fake.callsOf('user.update')[0]?.body).toMatchObject({
      userInfo: { id: 9, roleId: Role.AreaManager, email: 'morgan@example.com' },
      organizationIds: [11],
    });
    expect(fake.callsOf('user.update')[0]?.body).not.toHaveProperty('locationIds');
    // Two role changes and two saves of the whole form: 14 s in jsdom beside three other jobs on 2 cores.
  }, 30_000);

  it('a Manager without a PIN needs one; a bad PIN or phone is refused before sending', async () => {
    const { user, fake } = renderUpdate({ 'user.get': () => ({ ...manager, hasPin: false }) });
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.validation.pinRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /PIN/ }), '12');
    await user.type(screen.getByRole('textbox', { name: /Phone Number/ }), '55501');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.validation.invalidPin)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.invalidPhone)).toBeInTheDocument();
    expect(fake.callsOf('user.update')).toHaveLength(0);
  });

  it("shows the server's validationErrors under their fields and 'Update failed' above the button", async () => {
    const { user } = renderUpdate(
      { 'user.get': () => manager },
      {
        refuse: {
          'PUT /api/user/update/user/9': {
            status: 400,
            error: 'Bad Request',
            message: 'userInfo.lastName: Too long',
            validationErrors: { 'userInfo.lastName': ['Too long'] },
          },
        },
      },
    );
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.creationFailed.update);
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('joins what no field takes, as the server said it', async () => {
    const { user } = renderUpdate(
      { 'user.get': () => manager },
      {
        refuse: {
          'PUT /api/user/update/user/9': {
            status: 400,
            error: 'Bad Request',
            message: 'x',
            validationErrors: { 'userInfo.nickname': ['Unknown field'], limit: ['Too many'] },
          },
        },
      },
    );
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'userInfo.nickname: Unknown field; limit: Too many',
    );
  });

  it('changing one’s own password asks for the current one, and sends it as currentPassword', async () => {
    const me = aPerson({ roleId: Role.CompanyManager, id: 5, email: 'me@example.com' });
    const { user, fake } = renderUpdate(
      { 'user.get': () => me, 'user.update': () => saved(me) },
      { me, id: '5' },
    );
    await screen.findByRole('heading', { name: /^Update/ });
    // Oneself: no delete, role fixed.
    expect(screen.queryByRole('button', { name: 'Delete User' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByLabelText(/^Current Password/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Change Password' }));
    await user.type(screen.getByLabelText(/^New Password/), 'Newpass1A');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'Newpass1B');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.password.mismatch)).toBeInTheDocument();
    expect(screen.getByText(messages.auth.currentPasswordRequired)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Confirm New Password/));
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'Newpass1A');
    await user.type(screen.getByLabelText(/^Current Password/), 'Oldpass1A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsOf('user.update')).toHaveLength(1));
    expect(fake.callsOf('user.update')[0]?.body).toMatchObject({
      userInfo: { id: 5, password: 'Newpass1A', currentPassword: 'Oldpass1A' },
    });
  });

  it('changing one’s own e-mail asks for the current password too; the server’s refusal shows under it', async () => {
    const me = aPerson({ roleId: Role.CompanyManager, id: 5, email: 'me@example.com' });
    const { user } = renderUpdate(
      { 'user.get': () => me },
      {
        me,
        id: '5',
        refuse: {
          'PUT /api/user/update/user/5': {
            status: 400,
            error: 'Bad Request',
            message: messages.auth.currentPasswordWrong,
            validationErrors: { 'userInfo.currentPassword': [messages.auth.currentPasswordWrong] },
          },
        },
      },
    );
    await screen.findByRole('heading', { name: /^Update/ });
    await user.clear(screen.getByRole('textbox', { name: /Email Address/ }));
    await user.type(screen.getByRole('textbox', { name: /Email Address/ }), 'new@example.com');
    await user.type(await screen.findByLabelText(/^Current Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.auth.currentPasswordWrong)).toBeInTheDocument();
  });

  it('company-email toggle only for a Company Manager, saved through its own call', async () => {
    const target = aPerson({ roleId: Role.CompanyManager, id: 6 });
    const { user, fake } = renderUpdate(
      {
        'user.get': () => target,
        'user.update': () => saved(target),
        'user.companyEmail': () => ({ ...target, companyEmail: true }),
      },
      { me: aPerson({ roleId: Role.Owner, id: 4 }), id: '6' },
    );
    await screen.findByRole('heading', { name: /^Update/ });
    await user.click(screen.getByRole('switch', { name: 'Company Email: Disabled' }));
    expect(screen.getByRole('switch', { name: 'Company Email: Enabled' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsOf('user.companyEmail')).toHaveLength(1));
    expect(fake.callsOf('user.companyEmail')[0]?.body).toEqual({ userId: 6, company_email: true });
  });

  it("delete asks 'Delete Profile?' and goes back to the list after 'Deleted!'", async () => {
    const { user, fake, router } = renderUpdate({
      'user.get': () => manager,
      'user.delete': () => ({ success: true as const, id: 9 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete User' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Profile?' });
    expect(dialog).toHaveTextContent(messages.confirm.deleteUser);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('user.delete')).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'Delete User' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Profile?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/users'), { timeout: 2500 });
  });

  it('a refused delete shows Error and the reason', async () => {
    const { user } = renderUpdate({
      'user.get': () => manager,
      'user.delete': () => fakeError(403, messages.permission.forbidden),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete User' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Profile?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.permission.forbidden);
  });

  it('a peer gets the refusal as the error panel; someone out of scope gets the API’s', async () => {
    const peer = aPerson({
      roleId: Role.Manager,
      id: 8,
      userToLocation: [{ locationId: 21, location: { name: 'Harbor', organizationId: 11 } }],
    });
    renderUpdate({ 'user.get': () => manager }, { me: peer });
    expect(await screen.findByText(messages.permission.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('out of scope: the API’s 404 as the error panel', async () => {
    renderUpdate(
      { 'user.get': () => fakeError(404, messages.fetch.userNotFound) },
      { me: aPerson({ roleId: Role.Manager, id: 8 }) },
    );
    expect(await screen.findByText(messages.fetch.userNotFound)).toBeInTheDocument();
  });

  it('the Super User’s role cannot be changed, and they cannot be deleted', async () => {
    const superUser = aPerson({ roleId: Role.SuperUser, id: 1 });
    renderUpdate({ 'user.get': () => superUser }, { me: superUser, id: '1' });
    await screen.findByRole('heading', { name: /^Update/ });
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Delete User' })).not.toBeInTheDocument();
  });

  it('memberships the signed-in user may not manage stay fixed, and no role is offered that would drop them', async () => {
    const areaManager = aPerson({
      roleId: Role.AreaManager,
      id: 20,
      userToOrganization: [{ organizationId: 11, organization: { name: 'North' } }],
    });
    const target = {
      ...manager,
      userToLocation: [
        ...manager.userToLocation,
        { locationId: 99, location: { name: 'Faraway', organizationId: 99 } },
      ],
    };
    const { user } = renderUpdate({ 'user.get': () => target }, { me: areaManager });
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    const locations = screen
      .getByRole('combobox', { name: 'Locations' })
      .closest('.MuiAutocomplete-root') as HTMLElement;
    // Harbor (in their area) can be removed; Faraway (not theirs) cannot.
    expect(within(locations).getAllByTestId('CancelIcon')).toHaveLength(1);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Manager', 'Assistant Manager', 'Employee']);
  });

  it("an Area Manager's areas: named from their memberships, searched in their company, one the editor cannot see stays fixed", async () => {
    const areaManager = aPerson({
      roleId: Role.AreaManager,
      id: 9,
      firstName: 'Morgan',
      lastName: 'Lee',
      email: 'morgan@example.com',
      userToOrganization: [
        { organizationId: 11, organization: { name: 'North' } },
        // Not among the editor's areas: read by id, it answers 404.
        { organizationId: 98, organization: { name: 'Elsewhere' } },
      ],
    });
    const { user, fake } = renderUpdate({
      'user.get': () => areaManager,
      'user.update': () => saved(areaManager),
    });
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    const areas = screen.getByRole('combobox', { name: 'Areas' });
    const chipsOf = (field: HTMLElement) =>
      Array.from(
        (field.closest('.MuiAutocomplete-root') as HTMLElement).querySelectorAll('.MuiChip-root'),
      ).map((chip) => ({
        name: chip.textContent,
        removable: chip.querySelector('.MuiChip-deleteIcon') !== null,
      }));
    expect(chipsOf(areas)).toEqual([
      { name: 'North', removable: true },
      { name: 'Elsewhere', removable: false },
    ]);
    // Only the user's own areas were read, by id; never the editor's whole scope.
    expect(
      fake
        .callsOf('organization.get')
        .map((call) => call.params.id)
        .sort(),
    ).toEqual(['11', '98']);
    expect(fake.callsOf('organization.allByUser')).toHaveLength(0);

    await user.click(areas);
    await user.click(await screen.findByRole('option', { name: 'South' }));
    await user.keyboard('{Escape}');
    const searched = fake.callsOf('organization.someByUser');
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((call) => call.query.get('managementCompanyId') === '1')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsOf('user.update')).toHaveLength(1));
    const body = fake.callsOf('user.update')[0]?.body as { organizationIds: number[] };
    expect([...body.organizationIds].sort((a, b) => a - b)).toEqual([11, 12, 98]);
  });

  it('refuses a profile picture that is no image before anything is sent', async () => {
    const { fake } = renderUpdate({ 'user.get': () => manager, 'user.update': () => saved(manager) });
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    // As a person can, past the picker's accept list (the browser journey chose it the same way).
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        screen.getByLabelText('Profile Picture', { selector: 'input' }),
        new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      );
    expect(await screen.findByText(messages.upload.selectImage)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Profile Picture preview' })).not.toBeInTheDocument();
    expect(fake.callsOf('user.profilePictureUpload')).toHaveLength(0);
    expect(fake.callsOf('user.update')).toHaveLength(0);
  });

  it('uploads a chosen picture after the save, for the saved name', async () => {
    const xhrs = installFakeXhr();
    const { user, fake } = renderUpdate({
      'user.get': () => manager,
      'user.update': () => saved(manager),
      'user.profilePictureUpload': () => ({
        uploadUrl: 'https://bucket.test/put?sig=1',
        key: 'k/9.png',
        headers: { 'content-type': 'image/png' },
        expiresIn: 300,
      }),
    });
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Profile Picture', { selector: 'input' }), file);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const put = await xhrs.latest();
    expect(fake.callsOf('user.profilePictureUpload')[0]?.params).toEqual({ userId: '9', name: 'Morgan-Lee' });
    put.answer(200);
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
  });

  it('says why when it was reached from Add User after a failed picture upload', async () => {
    const fake = stubApi({ ...placeHandlers(), 'user.get': () => manager });
    renderWithProviders(<UpdateUserPage />, {
      route: '/start',
      path: '/app/users/update/:id',
      routes: [
        {
          path: '/start',
          element: (
            <Navigate to="/app/users/update/9" state={{ pictureFailed: 'The upload failed.' }} replace />
          ),
        },
      ],
      user: companyManager,
    });
    expect(
      await screen.findByText(/their profile picture could not be uploaded \(The upload failed\.\)/),
    ).toBeInTheDocument();
    expect(fake.callsOf('user.get')).toHaveLength(1);
  });

  it('offers a superior the reset of two-step verification, and not a peer or oneself', async () => {
    renderUpdate({
      'user.get': () => manager,
      'auth.mfaStatus': () => ({ enabled: true, required: false }),
    });
    await screen.findByRole('heading', { name: 'Update Morgan Lee' });
    const card = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(
      await within(card).findByRole('button', { name: 'Reset two-step verification' }),
    ).toBeInTheDocument();
  });

  it('shows no reset on one’s own edit screen', async () => {
    renderUpdate({ 'user.get': () => companyManager }, { me: companyManager, id: '5' });
    await screen.findByRole('heading', { name: /^Update / });
    expect(screen.queryByRole('region', { name: 'Two-step verification' })).not.toBeInTheDocument();
  });
});
