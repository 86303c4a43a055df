import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import type { User } from '@sitewalk/shared/schemas/user';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { installFakeXhr } from '../../testing/fake-xhr.ts';
import { renderWithFakeApi } from '../../testing/test-utils.tsx';
import { ManagementCompanyPage } from './management-company-page.tsx';
import { aCompany, aPerson, ada } from '../../testing/fixtures.ts';
import { Role } from '@sitewalk/shared/roles';

const ListPage = () => <p>list page {useLocation().pathname}</p>;

const renderForm = (route: string, handlers: FakeHandlers = {}, user: User = aPerson(ada)) => {
  return renderWithFakeApi(<ManagementCompanyPage />, handlers, {
    route,
    path: '/app/management-companies/add',
    routes: [
      { path: '/app/management-companies/:id', element: <ManagementCompanyPage /> },
      { path: '/app/management-companies', element: <ListPage /> },
    ],
    user,
  });
};

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const acme = aCompany({ id: 7 });
const ticket = {
  uploadUrl: 'https://uploads.example/tenants/9/company-logo/9/a.png?X-Amz-Signature=1',
  key: 'tenants/9/company-logo/9/a.png',
  headers: { 'content-type': 'image/png', 'content-length': '4096' },
  expiresIn: 300,
};
/** Runs what is due now (answers, renders) on fake timers. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('adding a management company', () => {
  it('checks the fields before anything is sent', async () => {
    const { fake, user } = renderForm('/app/management-companies/add');
    expect(screen.getByRole('heading', { level: 1, name: 'Add Management Company' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Company' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email address is required')).toBeInTheDocument();

    await user.type(field('Company Name'), 'Acme Storage');
    await user.type(field('Email address'), 'not-an-email');
    await user.type(field('Phone Number'), '555123');
    await user.type(field('Website'), 'acme dot test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText(messages.validation.invalidPhone)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.invalidWebsite)).toBeInTheDocument();
    expect(screen.queryByText('Company Name is required')).not.toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,hi', 'ftp://acme.test'])(
    'refuses the website %j: http and https only (issue 27)',
    async (website) => {
      const { fake, user } = renderForm('/app/management-companies/add');
      await user.type(field('Company Name'), 'Acme Storage');
      await user.type(field('Email address'), 'office@acme.test');
      await user.type(field('Website'), website);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(messages.validation.invalidWebsite)).toBeInTheDocument();
      expect(fake.calls).toEqual([]);
    },
  );

  it.each([
    ['5551234567', '555-123-4567'],
    ['+1 (555) 123-4567', '555-123-4567'],
    ['555.12', '555-12'],
    ['555123456789', '555-123-4567'],
  ])('normalises the phone %j to %j as it is typed', async (typed, shown) => {
    const { user } = renderForm('/app/management-companies/add');
    await user.type(field('Phone Number'), typed);
    expect(field('Phone Number')).toHaveValue(shown);
  });

  it('refuses a text file, an SVG and a logo over 1 MB before anything is sent, and saves with none of them', async () => {
    const { fake } = renderForm('/app/management-companies/add');
    // As a person can, past the picker's accept list (the browser journey chose them the same way).
    const user = userEvent.setup({ applyAccept: false });
    const logo = screen.getByLabelText('Logo');
    for (const [bad, message] of [
      [new File(['hello'], 'notes.txt', { type: 'text/plain' }), messages.upload.selectImage],
      [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), messages.upload.invalidFileType],
      [
        new File([new Uint8Array(1_000_100)], 'huge.png', { type: 'image/png' }),
        messages.upload.fileTooLarge,
      ],
    ] as const) {
      await user.upload(logo, bad);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
    }
    expect(fake.calls).toEqual([]);
  });

  it('creates the company, uploads its logo with progress, and returns to the list 1 s after Saved!', async () => {
    const xhrs = installFakeXhr();
    const { fake, user, router } = renderForm('/app/management-companies/add', {
      'managementCompany.create': ({ body }) => aCompany({ ...(body as object), id: 9, hasLogo: false }),
      'managementCompany.logoUpload': () => ticket,
    });
    await user.type(field('Company Name'), '  Acme Storage ');
    await user.type(field('Email address'), 'Office@Acme.test');
    await user.type(field('Phone Number'), '(555) 123-4567');
    await user.type(field('Website'), 'https://acme.test');
    const logo = new File([new Uint8Array(4096)], 'acme.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Logo'), logo);
    await screen.findByRole('img', { name: 'Logo preview' });

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await flush();
    const put = await xhrs.latest();
    expect(fake.callsOf('managementCompany.create').map((call) => call.body)).toEqual([
      {
        name: 'Acme Storage',
        email: 'office@acme.test',
        phone: '555-123-4567',
        website: 'https://acme.test',
      },
    ]);
    expect(fake.callsOf('managementCompany.logoUpload').map((call) => call.params)).toEqual([
      { id: '9', name: 'Acme-Storage' },
    ]);
    expect(put.url).toBe(ticket.uploadUrl);
    expect(put.body).toBe(logo);
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');

    act(() => put.progress(2048, 4096));
    expect(screen.getByRole('progressbar', { name: 'Uploading logo' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    act(() => put.answer(200));
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Saved!');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(router.state.location.pathname).toBe('/app/management-companies/add');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/app/management-companies');
  });

  it("shows the server's field errors under their fields, and Error for 1.5 s", async () => {
    const { user } = renderForm('/app/management-companies/add', {
      'managementCompany.create': () =>
        fakeError(400, 'email: A company with this e-mail already exists; name: Too similar'),
    });
    await user.type(field('Company Name'), 'Acme Storage');
    await user.type(field('Email address'), 'office@acme.test');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await flush();
    expect(screen.getByText('A company with this e-mail already exists')).toBeInTheDocument();
    expect(screen.getByText('Too similar')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Error');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('heading', { name: 'Add Management Company' })).toBeInTheDocument();
  });

  it('keeps a created company when its logo fails, so saving again updates it', async () => {
    const xhrs = installFakeXhr();
    const { fake, user, router } = renderForm('/app/management-companies/add', {
      'managementCompany.create': ({ body }) => aCompany({ ...(body as object), id: 9 }),
      'managementCompany.get': () => aCompany({ id: 9, name: 'Acme Storage' }),
      'managementCompany.logoUpload': () => ticket,
    });
    await user.type(field('Company Name'), 'Acme Storage');
    await user.type(field('Email address'), 'office@acme.test');
    await user.upload(screen.getByLabelText('Logo'), new File(['png'], 'a.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    (await xhrs.latest()).answer(403);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/management-companies/9'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Management Company' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The company was saved, but its logo could not be uploaded: The upload failed (403)',
    );
    expect(field('Company Name')).toHaveValue('Acme Storage');
    expect(fake.callsOf('managementCompany.create')).toHaveLength(1);
  });

  it.each([
    ['an Owner', Role.Owner],
    ['a Company Manager', Role.CompanyManager],
  ])('is refused to those who may not create a company: %s', (_who, roleId) => {
    const { fake } = renderForm(
      '/app/management-companies/add',
      {},
      aPerson({ roleId, managementCompanyId: 7 }),
    );
    expect(screen.getByText(messages.permission.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });
});

describe('editing a management company', () => {
  it('sets which of its roles must use two-step verification, the stage’s own fixed and checked', async () => {
    const { fake, user } = renderForm('/app/management-companies/7', {
      'managementCompany.get': () =>
        aCompany({ id: 7, mfaRequiredRoles: [Role.CompanyManager], mfaRequiredByStage: [Role.Owner] }),
      'managementCompany.update': ({ body }) =>
        aCompany({ ...(body as object), mfaRequiredByStage: [Role.Owner] }),
    });
    const card = await screen.findByRole('region', { name: 'Two-step verification' });
    const box = (name: RegExp) => within(card).getByRole('checkbox', { name });
    expect(
      within(card)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual([
      'Owner (required for everyone)',
      'Company Manager',
      'Area Manager',
      'Manager',
      'Assistant Manager',
      'Employee',
    ]);
    expect(box(/^Owner/)).toBeChecked();
    expect(box(/^Owner/)).toBeDisabled();
    expect(box(/^Company Manager/)).toBeChecked();
    expect(box(/^Manager/)).not.toBeChecked();

    await user.click(box(/^Manager/));
    await user.click(box(/^Company Manager/));
    await user.click(within(card).getByRole('button', { name: 'Save roles' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Saved.');
    // Only the field of this card is sent, and never the stage's roles.
    expect(fake.callsOf('managementCompany.update').map((call) => call.body)).toEqual([
      { id: 7, mfaRequiredRoles: [Role.Manager] },
    ]);
  });

  it('shows the roles card only to those who may edit the company', async () => {
    renderForm(
      '/app/management-companies/7',
      { 'managementCompany.get': () => acme },
      aPerson({ roleId: Role.CompanyManager, managementCompanyId: 7 }),
    );
    expect(await screen.findByText(messages.permission.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Two-step verification' })).not.toBeInTheDocument();
  });

  it('loads the company into the form, shows its logo, and sends a cleared phone as null', async () => {
    const { fake, user } = renderForm('/app/management-companies/7', {
      'managementCompany.get': () => aCompany({ id: 7, hasLogo: true }),
      'managementCompany.logo': () => ({ url: 'https://uploads.test/acme.png', expiresIn: 300 }),
      'managementCompany.update': ({ body }) => aCompany({ ...(body as object), phone: null }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Management Company' }),
    ).toBeInTheDocument();
    expect(field('Company Name')).toHaveValue('Acme Storage');
    expect(field('Email address')).toHaveValue('office@acme.test');
    expect(field('Phone Number')).toHaveValue('555-123-4567');
    expect(field('Website')).toHaveValue('https://acme.test');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute(
        'src',
        'https://uploads.test/acme.png',
      ),
    );

    await user.clear(field('Phone Number'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved!');
    expect(fake.callsOf('managementCompany.update').map((call) => call.body)).toEqual([
      { id: 7, name: 'Acme Storage', email: 'office@acme.test', phone: null, website: 'https://acme.test' },
    ]);
    expect(fake.callsOf('managementCompany.logoUpload')).toEqual([]);
  });

  it('asks before deleting; Cancel deletes nothing', async () => {
    const { fake, user } = renderForm('/app/management-companies/7', {
      'managementCompany.get': () => acme,
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Company' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Acme Storage?' });
    expect(dialog).toHaveTextContent(
      'This will permanently delete the management company and cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsOf('managementCompany.delete')).toEqual([]);
  });

  it('deletes on Confirm and returns to the list 1.5 s after Deleted!', async () => {
    const { fake, user, router } = renderForm('/app/management-companies/7', {
      'managementCompany.get': () => acme,
      'managementCompany.delete': () => ({ success: true, id: 7 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Company' }));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await flush();
    expect(fake.callsOf('managementCompany.delete').map((call) => call.params)).toEqual([{ id: '7' }]);
    expect(screen.getByText('Deleted!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(router.state.location.pathname).toBe('/app/management-companies/7');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/app/management-companies');
  });

  it('says what to delete first when the company still has areas or users (409)', async () => {
    const { user, router } = renderForm('/app/management-companies/7', {
      'managementCompany.get': () => acme,
      'managementCompany.delete': () =>
        fakeError(409, 'Delete the areas and users of this management company first'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Company' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Acme Storage was not deleted');
    expect(alert).toHaveTextContent('Delete the areas and users of this management company first.');
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/management-companies/7');
  });

  it('lets an Owner edit their company but offers no delete', async () => {
    renderForm(
      '/app/management-companies/7',
      { 'managementCompany.get': () => acme },
      aPerson({ roleId: Role.Owner, managementCompanyId: 7 }),
    );
    expect(await screen.findByRole('heading', { name: 'Edit Management Company' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Company' })).not.toBeInTheDocument();
  });

  it('is refused to a Company Manager, who may read but not edit their company', async () => {
    renderForm(
      '/app/management-companies/7',
      { 'managementCompany.get': () => acme },
      aPerson({ roleId: Role.CompanyManager, managementCompanyId: 7 }),
    );
    expect(await screen.findByText(messages.permission.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("shows the API's answer when the company cannot be loaded", async () => {
    renderForm('/app/management-companies/99', {
      'managementCompany.get': () => fakeError(404, 'Management company not found'),
    });
    expect(await screen.findByText('Management company not found')).toBeInTheDocument();
  });
});
