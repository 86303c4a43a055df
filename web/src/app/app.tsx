import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { createQueryClient } from '../lib/query.ts';
import { RuntimeConfigProvider } from '../lib/runtime-config.tsx';
import { setSessionHost } from '../lib/session-host.ts';
import { theme } from './theme.ts';
import { router } from './router.tsx';

const queryClient = createQueryClient();
setSessionHost({
  queryClient,
  // The session only ever leaves for /login, a document of its own.
  navigate: (to) => window.location.replace(to),
  pathname: () => router.state.location.pathname,
});

export const App = ({ config }: { config: RuntimeConfig }) => (
  <RuntimeConfigProvider value={config}>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  </RuntimeConfigProvider>
);
