import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { theme } from './theme.ts';
import { paths } from '../config/paths.ts';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 3, retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000) } },
});

const router = createBrowserRouter([
  { path: paths.home.path, element: <LandingPage /> },
  { path: '*', element: <NotFoundPage /> },
]);

export const App = () => (
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </ThemeProvider>
);
