import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import { renderWithFakeApi } from '../../testing/test-utils.tsx';
import { stubScreenWidth } from '../../testing/viewport.ts';
import { aPerson, ada } from '../../testing/fixtures.ts';
import { AppLayout } from './app-layout.tsx';

/**
 * The sidebar's entries by role (the app shell, as a laptop shows it: 1280 px): Dashboard and Locations for
 * everyone, then Tasks and Alerts for everyone (issue 17), 'Record a Walk' for the roles that walk (Employee to
 * Area Manager, issue 15), Management Companies above role 40, Areas and Users above role 10, Activity (the
 * audit log, issue 18) for Company Managers and above; the roles that record have their Home (today's walk
 * windows, issue 28) first. (Formerly the browser journey test/e2e/sidebar.test.ts; the phone's bottom bar is
 * bottom-nav.test.tsx's.)
 */
const expected = (roleId: RoleId) => [
  ...(roleId <= Role.AreaManager ? ['Home'] : []),
  'Dashboard',
  'Locations',
  'Tasks',
  'Alerts',
  ...(roleId <= Role.AreaManager ? ['Record a Walk'] : []),
  ...(roleId > 40 ? ['Management Companies'] : []),
  ...(roleId > 10 ? ['Areas', 'Users'] : []),
  ...(roleId >= Role.CompanyManager ? ['Activity'] : []),
];

const renderShellAs = (roleId: RoleId) =>
  renderWithFakeApi(
    <p>unused</p>,
    {},
    {
      path: '/unused',
      route: '/app',
      routes: [{ path: '/app', element: <AppLayout />, children: [{ index: true, element: <p>home</p> }] }],
      user: aPerson({ ...ada, roleId }),
    },
  );

afterEach(() => vi.unstubAllGlobals());

describe('the sidebar at 1280 px', () => {
  it.each<[string, RoleId]>([
    ['an Employee', Role.Employee],
    ['an Assistant Manager', Role.AssistantManager],
    ['a Manager', Role.Manager],
    ['an Area Manager', Role.AreaManager],
    ['a Company Manager', Role.CompanyManager],
    ['an Owner', Role.Owner],
    ['an Admin', Role.Admin],
    ['the Super User', Role.SuperUser],
  ])('of %s holds the entries of the role, in order, and no other', async (_who, roleId) => {
    stubScreenWidth(1280);
    renderShellAs(roleId);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(expected(roleId));
    // The sidebar, not the phone's bar: no More.
    expect(within(nav).queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });

  it.each<[string, RoleId, string[]]>([
    ['an Employee', Role.Employee, ['Home', 'Dashboard', 'Locations', 'Tasks', 'Alerts', 'Record a Walk']],
    ['a Manager', Role.Manager, ['Home', 'Dashboard', 'Locations', 'Tasks', 'Alerts', 'Record a Walk']],
    [
      'a Company Manager',
      Role.CompanyManager,
      ['Dashboard', 'Locations', 'Tasks', 'Alerts', 'Areas', 'Users', 'Activity'],
    ],
    [
      'the Super User',
      Role.SuperUser,
      ['Dashboard', 'Locations', 'Tasks', 'Alerts', 'Management Companies', 'Areas', 'Users', 'Activity'],
    ],
  ])('of %s, spelt out', async (_who, roleId, entries) => {
    stubScreenWidth(1280);
    renderShellAs(roleId);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(entries);
  });
});
