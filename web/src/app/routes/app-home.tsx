import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { useAuthorization } from '../../lib/authorization.ts';

const HomePage = lazy(async () => ({
  default: (await import('../../features/recorder/home/home-page.tsx')).HomePage,
}));
const DashboardPage = lazy(async () => ({
  default: (await import('../../features/dashboard/dashboard-page.tsx')).DashboardPage,
}));

/**
 * /app: the roles that record a walk (the shared policy's 'recordWalk') land on today's walk windows, with the
 * dashboard at /app/dashboard; everyone else lands on the dashboard. Each page is its own chunk.
 */
export const AppHomeRoute = () => {
  const { canOpen } = useAuthorization();
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      {canOpen('recordWalk') ? <HomePage /> : <DashboardPage />}
    </Suspense>
  );
};
