import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { RuntimeConfigProvider } from '../lib/runtime-config.tsx';
import { theme } from './theme.ts';

/** What every page runs inside: the runtime config, the theme, the query client and the router. */
export const AppProviders = ({
  config,
  queryClient,
  router,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
  router: ComponentProps<typeof RouterProvider>['router'];
}) => (
  <RuntimeConfigProvider value={config}>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  </RuntimeConfigProvider>
);
