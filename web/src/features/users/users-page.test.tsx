import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { messages } from '@sitewalk/shared/messages';
import { Role } from '@sitewalk/shared/roles';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { UsersPage } from './users-page.tsx';
import { stubApi } from './testing/user-fixtures.ts';
import { aPerson } from '../../testing/fixtures.ts';

describe('UsersPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists a page of the users of one’s scope as the server orders it, with Add to /app/addUser', async () => {
    const fake = stubApi({
      'user.someByUser': () => ({
        // A page in the server's order (by last name: the list pages on the server, so it shows them as sent).
        users: [
          aPerson({ roleId: Role.AreaManager, id: 3, firstName: 'Al', lastName: 'Adams' }),
          aPerson({ roleId: Role.Manager, id: 2, firstName: 'Zoe', lastName: 'Young' }),
        ],
        totalCount: 2,
      }),
    });
    renderWithProviders(<UsersPage />, { user: aPerson({ roleId: Role.CompanyManager, id: 5 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Al Adams');
    const names = within(table)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Al Adams', 'Zoe Young']);
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/app/addUser');
    expect(fake.callsOf('user.someByUser')[0]?.params).toEqual({ id: '5' });
  });

  it('a Manager typing /app/users gets the refusal, and nothing is asked', async () => {
    const fake = stubApi({});
    renderWithProviders(<UsersPage />, { user: aPerson({ roleId: Role.Manager, id: 8 }) });
    expect(await screen.findByText(messages.permission.forbidden)).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });
});
