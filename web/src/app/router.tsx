import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths.ts';

/**
 * Every screen is its own chunk: the public pages load no code of /app and no map code. Each module names
 * the component it exports; `lazy` hands it to the router.
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

export const router = createBrowserRouter([
  {
    path: paths.home.path,
    lazy: page(
      () => import('../features/marketing/landing-page.tsx'),
      (m) => m.LandingPage,
    ),
  },
  {
    path: '*',
    lazy: page(
      () => import('../components/not-found-page.tsx'),
      (m) => m.NotFoundPage,
    ),
  },
]);
