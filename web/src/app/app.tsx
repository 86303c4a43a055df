import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { setSessionHost } from '../lib/session-host.ts';
import { AppProviders } from './app-providers.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

setSessionHost({
  queryClient,
  // The session only ever leaves for /login, a document of its own.
  navigate: (to) => window.location.replace(to),
  pathname: () => router.state.location.pathname,
});

export const App = ({ config }: { config: RuntimeConfig }) => (
  <AppProviders config={config} queryClient={queryClient} router={router} />
);
