import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sitewalk/shared/schemas/user';
import {
  testCompanyManager as companyManager,
  testAreaManager as areaManager,
  renderWithFakeApi,
} from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { anOrganization } from '../../testing/fixtures.ts';
import { OrganizationUpdatePage } from './organization-update-page.tsx';

const renderUpdate = (
  handlers: FakeHandlers,
  { id = '3', user = companyManager }: { id?: string; user?: User } = {},
) => {
  return renderWithFakeApi(<OrganizationUpdatePage />, handlers, {
    route: `/app/organizations/update/${id}`,
    path: '/app/organizations/update/:id',
    routes: [
      { path: '/app/organizations', element: <p>areas list</p> },
      { path: '/app/organizations/:id', element: <p>area page</p> },
    ],
    user,
  });
};

const organization = anOrganization({ id: 3, name: 'North Area' });

describe('OrganizationUpdatePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the new name, shows Saved! and returns to the area', async () => {
    const { user, router, fake } = renderUpdate({
      'organization.get': () => organization,
      'organization.update': (request) => ({
        ...organization,
        name: (request.body as { name: string }).name,
      }),
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('North Area');
    await user.clear(name);
    await user.type(name, 'North Area West');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(fake.callsOf('organization.update').map((r) => r.body)).toEqual([
      { id: 3, name: 'North Area West' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organizations/3'), {
      timeout: 3000,
    });
  });

  it('refuses an empty name without calling the API', async () => {
    const { user, fake } = renderUpdate({ 'organization.get': () => organization });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(fake.callsOf('organization.update')).toHaveLength(0);
  });

  it('shows Error and the server’s field message when the save is refused', async () => {
    const { user } = renderUpdate({
      'organization.get': () => organization,
      'organization.update': () => fakeError(400, 'name: Name is too long'),
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(await screen.findByText('Name is too long')).toBeInTheDocument();
  });

  it('deletes after the confirm dialog and returns to the list', async () => {
    const { user, router, fake } = renderUpdate({
      'organization.get': () => organization,
      'organization.delete': () => ({ success: true, id: 3 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Area' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Profile?' });
    expect(
      within(dialog).getByText('All data associated with this organization will be deleted forever!'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    expect(fake.callsOf('organization.delete')[0]?.params).toEqual({ id: '3' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organizations'), { timeout: 3000 });
  });

  it('does nothing when the delete is cancelled', async () => {
    const { user, fake } = renderUpdate({ 'organization.get': () => organization });
    await user.click(await screen.findByRole('button', { name: 'Delete Area' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Profile?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsOf('organization.delete')).toHaveLength(0);
  });

  it('says plainly what to delete first when the area is not empty (409)', async () => {
    const { user, router } = renderUpdate({
      'organization.get': () => organization,
      'organization.delete': () =>
        fakeError(409, 'Delete the locations of this area and remove its users first'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Area' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Delete the locations of this area and remove its users first'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/organizations/update/3');
  });

  it('lets an Area Manager rename but not delete', async () => {
    renderUpdate({ 'organization.get': () => organization }, { user: areaManager });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Delete Area' })).not.toBeInTheDocument();
  });

  it('shows the failure panel when the area cannot be loaded', async () => {
    renderUpdate({ 'organization.get': () => fakeError(404, 'Area not found') });
    expect(await screen.findByText('Error Loading Area')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Areas' })).toHaveAttribute(
      'href',
      '/app/organizations',
    );
  });
});
