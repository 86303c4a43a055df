import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Role } from '@sitewalk/shared/roles';
import { renderWithFakeApi } from '../../testing/test-utils.tsx';
import { aPerson } from '../../testing/fixtures.ts';
import { AppHomeRoute } from './app-home.tsx';
import { loadDashboardPage } from './start-early.ts';

afterEach(() => vi.unstubAllGlobals());

describe('/app for a role that lands on the dashboard', () => {
  it('draws the dashboard at once, without a spinner first, when its code has loaded (as the start asks for it)', async () => {
    // Prepare: the start (start-early.ts) has loaded the dashboard's code.
    await loadDashboardPage();

    // Act
    renderWithFakeApi(
      <AppHomeRoute />,
      {
        'incident.portfolioPage': () => ({ locations: [], nextCursor: null, totalCount: 0 }),
        'organization.someByUser': () => ({ organizations: [], totalCount: 0 }),
        'user.dashboardView': () => ({ view: 'cards' }),
      },
      { route: '/app', path: '/app', user: aPerson({ id: 7, roleId: Role.Owner }) },
    );

    // Assess: in the first render, not after a lazy component's spinner (the page's own waits for its data).
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
