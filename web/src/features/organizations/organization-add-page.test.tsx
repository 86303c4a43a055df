import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@sitewalk/shared/roles';
import type { User } from '@sitewalk/shared/schemas/user';
import {
  testCompanyManager as companyManager,
  testAreaManager as areaManager,
  renderWithFakeApi,
} from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aCompany, ada, anOrganization, aPerson } from '../../testing/fixtures.ts';
import { uploadImage } from '../../lib/upload.ts';
import { OrganizationAddPage } from './organization-add-page.tsx';

// The presigned PUT goes to the storage with XMLHttpRequest; lib/upload.test.ts covers it.
vi.mock('../../lib/upload.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/upload.ts')>()),
  uploadImage: vi.fn(),
}));

const superUser = aPerson(ada);

const acme = aCompany({ id: 1, name: 'Acme Storage' });
const bolt = aCompany({ id: 2, name: 'Bolt Lockers' });

const renderAdd = (handlers: FakeHandlers, user: User = superUser) => {
  return renderWithFakeApi(<OrganizationAddPage />, handlers, {
    route: '/app/addOrganization',
    path: '/app/addOrganization',
    routes: [{ path: '/app/organizations', element: <p>areas list</p> }],
    user,
  });
};

const created = (request: { body: unknown }) => {
  const body = request.body as { name: string; managementCompanyId: number };
  return anOrganization({ id: 9, name: body.name, managementCompanyId: body.managementCompanyId });
};

describe('OrganizationAddPage', () => {
  beforeEach(() => vi.mocked(uploadImage).mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('adds an area in the chosen company and returns to the list', async () => {
    const { user, router, fake } = renderAdd({
      'managementCompany.allByUser': () => ({ companies: [bolt, acme] }),
      'organization.create': created,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Area' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Areas are required to create locations. Each area can contain one or more locations.',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'South Area');
    await user.click(screen.getByRole('combobox', { name: /Management Company/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Acme Storage', 'Bolt Lockers']);
    await user.click(screen.getByRole('option', { name: 'Bolt Lockers' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('organization.create').map((r) => r.body)).toEqual([
      { name: 'South Area', managementCompanyId: 2 },
    ]);
    expect(uploadImage).not.toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organizations'), { timeout: 3000 });
  });

  it('asks for a name and a management company', async () => {
    const { user, fake } = renderAdd({ 'managementCompany.allByUser': () => ({ companies: [acme, bolt] }) });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a management company')).toBeInTheDocument();
    expect(fake.callsOf('organization.create')).toHaveLength(0);
  });

  it('refuses a logo that is no image before anything is sent', async () => {
    const { fake } = renderAdd(
      { 'managementCompany.allByUser': () => ({ companies: [acme] }) },
      companyManager,
    );
    await screen.findByRole('textbox', { name: 'Name' });
    // As a person can, past the picker's accept list (the browser journey chose it the same way).
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Logo'), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
    expect(fake.callsOf('organization.create')).toHaveLength(0);
    expect(fake.callsOf('organization.logoUpload')).toHaveLength(0);
  });

  it('preselects the only company and uploads the chosen logo for the new area', async () => {
    vi.mocked(uploadImage).mockResolvedValue({
      uploadUrl: 'https://bucket.test/put',
      key: 'k',
      headers: {},
      expiresIn: 300,
    });
    const { user, fake } = renderAdd(
      { 'managementCompany.allByUser': () => ({ companies: [acme] }), 'organization.create': created },
      companyManager,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'West Side');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Logo', { selector: 'input' }), file);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('organization.create').map((r) => r.body)).toEqual([
      { name: 'West Side', managementCompanyId: 1 },
    ]);
    expect(uploadImage).toHaveBeenCalledWith(
      'organization.logoUpload',
      { params: { id: 9, name: 'West-Side' } },
      file,
      expect.any(Function),
    );
  });

  it('keeps the new area when its logo fails, and a second Save only retries the logo', async () => {
    vi.mocked(uploadImage)
      .mockRejectedValueOnce(new Error('The upload failed (403)'))
      .mockResolvedValueOnce({ uploadUrl: 'https://bucket.test/put', key: 'k', headers: {}, expiresIn: 300 });
    const { user, fake } = renderAdd(
      { 'managementCompany.allByUser': () => ({ companies: [acme] }), 'organization.create': created },
      companyManager,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'West Side');
    await user.upload(
      screen.getByLabelText('Logo', { selector: 'input' }),
      new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/The area was saved, but its logo could not be uploaded/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled(), {
      timeout: 3000,
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('organization.create')).toHaveLength(1);
    expect(uploadImage).toHaveBeenCalledTimes(2);
  });

  it('shows the API’s refusal', async () => {
    const { user } = renderAdd(
      {
        'managementCompany.allByUser': () => ({ companies: [acme] }),
        'organization.create': () => fakeError(403, 'You do not have permission to add an area'),
      },
      companyManager,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'West Side');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to add an area')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it.each([
    ['an Area Manager', areaManager],
    ['a Manager', aPerson({ roleId: Role.Manager, id: 8 })],
  ])('tells %s they may not add an area', async (_who, who) => {
    const { fake } = renderAdd({ 'managementCompany.allByUser': () => ({ companies: [acme] }) }, who);
    expect(await screen.findByText('You do not have permission to add an area')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(fake.callsOf('organization.create')).toHaveLength(0);
  });

  it('asks for a management company first when there is none', async () => {
    renderAdd({ 'managementCompany.allByUser': () => ({ companies: [] }) });
    expect(await screen.findByText('Please add a management company first')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('shows the error panel when the companies cannot be loaded', async () => {
    renderAdd({ 'managementCompany.allByUser': () => fakeError(500, 'Something broke') });
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
  });
});
