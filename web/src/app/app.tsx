import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { createQueryClient } from '../lib/query.ts';
import { setSessionHost } from '../lib/session-host.ts';
import { AppProviders } from './app-providers.tsx';
import { router } from './router.tsx';

const queryClient = createQueryClient();
setSessionHost({
  queryClient,
  // The session only ever leaves for /login, a document of its own.
  navigate: (to) => window.location.replace(to),
  pathname: () => router.state.location.pathname,
});

export const App = ({ config }: { config: RuntimeConfig }) => (
  <AppProviders config={config} queryClient={queryClient} router={router} />
);
