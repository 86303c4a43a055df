import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { dashboardPageIfLoaded, loadDashboardPage } from './start-early.ts';

const HomePage = lazy(async () => ({
  default: (await import('../../features/recorder/home/home-page.tsx')).HomePage,
}));
const LazyDashboardPage = lazy(async () => ({ default: (await loadDashboardPage()).DashboardPage }));

/**
 * /app: the roles that record a walk (the shared policy's 'recordWalk') land on today's walk windows, with the
 * dashboard at /app/dashboard; everyone else lands on the dashboard. Each page is its own chunk.
 */
export const AppHomeRoute = () => {
  const { canOpen } = useAuthorization();
  // The dashboard's code is usually here already (the start asked for it: start-early.ts): drawn at once then.
  // A lazy component suspends on its first render even so, and its spinner stayed up to a second at 4× CPU
  // slowdown (issue 30). Chosen once, so the page is not drawn anew when its code arrives.
  const [DashboardPage] = useState(() => dashboardPageIfLoaded()?.DashboardPage ?? LazyDashboardPage);
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      {canOpen('recordWalk') ? <HomePage /> : <DashboardPage />}
    </Suspense>
  );
};
