import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { useLocation } from 'react-router';
import { renderWithProviders, stubFetch } from '../../testing/test-utils.tsx';
import { stubScreenWidth } from '../../testing/viewport.ts';
import { AppLayout } from './app-layout.tsx';
import { aPerson, ada } from '../../testing/fixtures.ts';

const ShowPath = () => <p data-testid="path">{useLocation().pathname}</p>;

const routes = [
  {
    path: '/app',
    element: <AppLayout />,
    children: [
      { index: true, element: <ShowPath /> },
      { path: '*', element: <ShowPath /> },
    ],
  },
];

const renderAt = (roleId: RoleId, route = '/app') => {
  stubFetch({});
  return renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route,
    routes,
    user: aPerson({ ...ada, roleId }),
  });
};

/** The bottom bar's buttons by accessible name (the label, or the full name of a shortened one). */
const barNames = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return [
    ...within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label')),
    ...within(nav)
      .queryAllByRole('button', { name: 'More' })
      .map(() => 'More'),
  ];
};

afterEach(() => vi.unstubAllGlobals());

describe('the bottom bar below 600 px', () => {
  beforeEach(() => stubScreenWidth(375));

  it.each<[string, RoleId, string[], string[]]>([
    [
      'an Employee',
      Role.Employee,
      ['Record a Walk', 'Home', 'Dashboard', 'Tasks', 'More'],
      ['Locations', 'Alerts'],
    ],
    [
      'a Manager',
      Role.Manager,
      ['Record a Walk', 'Home', 'Dashboard', 'Tasks', 'More'],
      ['Locations', 'Alerts'],
    ],
    [
      'an Area Manager',
      Role.AreaManager,
      ['Record a Walk', 'Home', 'Dashboard', 'Tasks', 'More'],
      ['Locations', 'Alerts', 'Users', 'Areas'],
    ],
    [
      'a Company Manager',
      Role.CompanyManager,
      ['Dashboard', 'Tasks', 'Locations', 'Alerts', 'More'],
      ['Users', 'Areas', 'Activity'],
    ],
    [
      'the Super User',
      Role.SuperUser,
      ['Dashboard', 'Tasks', 'Locations', 'Alerts', 'More'],
      ['Users', 'Areas', 'Management Companies', 'Activity'],
    ],
  ])('shows %s at most five buttons, the rest under More', async (_who, roleId, bar, more) => {
    const { user } = renderAt(roleId);
    expect(await barNames()).toEqual(bar);
    // One navigation only: the rail is not there on phones.
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu', { name: 'More sections' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(more);
  });

  it('labels every button, shortening Record a Walk to fit a fifth of 320 px', async () => {
    renderAt(Role.Employee);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Record a Walk' })).toHaveTextContent('Record');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveTextContent('Home');
    expect(within(nav).getByRole('button', { name: 'More' })).toHaveTextContent('More');
  });

  it("sends a recording role's Home to /app and its Dashboard to /app/dashboard", async () => {
    renderAt(Role.Employee);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/app');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    expect(within(nav).getByRole('link', { name: 'Record a Walk' })).toHaveAttribute('href', '/app/record');
  });

  it("sends everyone else's Dashboard to /app, with no Home", async () => {
    renderAt(Role.CompanyManager);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(within(nav).queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
  });

  it('opens a section from More, closes the menu and marks More as where the page is', async () => {
    const { user } = renderAt(Role.Employee);
    await user.click(await screen.findByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Alerts' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/app/alerts');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More' })).toHaveClass('Mui-selected');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveClass('Mui-selected');
  });

  it('marks the button of the page shown, Home only on /app itself', async () => {
    const { user } = renderAt(Role.Employee, '/app/record');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Record a Walk' })).toHaveClass('Mui-selected');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveClass('Mui-selected');
    await user.click(within(nav).getByRole('link', { name: 'Home' }));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/app$/);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveClass('Mui-selected');
    expect(within(nav).getByRole('link', { name: 'Record a Walk' })).not.toHaveClass('Mui-selected');
  });

  it('shows no More button when every section fits in five', async () => {
    // Four sections and Home: the exact policy decides, this test only guards the split at its limit.
    const { bottomNavSplit } = await import('./nav-entries.tsx');
    const entry = (key: string) => ({ key, label: key, to: `/app/${key}`, icon: <span /> });
    expect(bottomNavSplit(['tasks', 'home', 'recordWalk', 'dashboard', 'alerts'].map(entry))).toEqual({
      bar: ['recordWalk', 'home', 'dashboard', 'tasks', 'alerts'].map(entry),
      more: [],
    });
    expect(
      bottomNavSplit(['tasks', 'home', 'recordWalk', 'dashboard', 'alerts', 'users'].map(entry)).more,
    ).toEqual(['alerts', 'users'].map(entry));
  });
});

describe('from 600 px', () => {
  it('shows the rail and no bottom bar', async () => {
    stubScreenWidth(600);
    renderAt(Role.Employee);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
    expect(within(nav).getByRole('link', { name: 'Record a Walk' })).not.toHaveTextContent(/^Record$/);
  });
});
