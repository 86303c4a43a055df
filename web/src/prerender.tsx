import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { theme } from './app/theme.ts';
import { ErrorPage } from './components/error-page.tsx';
import { NotFoundPage } from './components/not-found-page.tsx';
import { paths } from './config/paths.ts';
import { SignInApp, signInViewOf } from './features/auth/sign-in-app.tsx';
import { LandingPage } from './features/marketing/landing-page.tsx';
import { PrivacyPage } from './features/marketing/privacy-page.tsx';
import { RegisterPage } from './features/marketing/register-page.tsx';
import { TermsPage } from './features/marketing/terms-page.tsx';
import { APP_FILE, NOT_FOUND_FILE, pageRoutes, pagesManifest, type PrerenderedFile } from './page-table.ts';

/**
 * The documents rendered at build time (web/scripts/prerender.ts writes them into dist/). The public pages
 * are MUI rendered to HTML and CSS that load no React (public-page.html's only script fills in the runtime
 * configuration); the sign-in pages are hydrated by the small sign-in app (sign-in.html); everything under
 * /app is the SPA (app.html). The page table also says which document serves which path: pages.json, read
 * by both hosts (infra/web-pages.ts).
 */
export interface PrerenderedPage {
  /** The document in dist/. */
  file: string;
  /** The built template it fills: its head and #root. */
  template: 'public-page.html' | 'sign-in.html';
  /** The paths it serves; `prefix` serves every path below too. */
  paths: readonly string[];
  prefix?: string;
  title: string;
  render: () => { head: string; body: string; view?: string };
}

/** MUI to static HTML: the styles emotion collects while rendering go into one <style> in the head. */
const renderStatic = (element: ReactElement) => {
  const cache = createCache({ key: 'sw' });
  // compat: emotion keeps every rule in cache.inserted instead of writing <style> tags into the markup.
  cache.compat = true;
  const body = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {element}
      </ThemeProvider>
    </CacheProvider>,
  );
  const css = Object.values(cache.inserted)
    .filter((rule): rule is string => typeof rule === 'string')
    .join('');
  return { head: `<style data-emotion="sw">${css}</style>`, body };
};

const publicPage = (file: PrerenderedFile, title: string, element: () => ReactElement): PrerenderedPage => ({
  file,
  template: 'public-page.html',
  ...pageRoutes[file],
  title,
  render: () => renderStatic(element()),
});

/** A sign-in page, rendered at `example` (a path that shows it) for hydration. */
const signInPage = (file: PrerenderedFile, title: string, example: string): PrerenderedPage => ({
  file,
  template: 'sign-in.html',
  ...pageRoutes[file],
  title,
  render: () => ({
    head: '',
    body: renderToString(<SignInApp pathname={example} />),
    view: signInViewOf(example) ?? undefined,
  }),
});

export const prerenderedPages: readonly PrerenderedPage[] = [
  publicPage('index.html', 'SiteWalk · site walks for storage facilities', () => <LandingPage />),
  publicPage('register.html', 'Get an account · SiteWalk', () => <RegisterPage />),
  publicPage('terms-of-service.html', 'Terms of Service · SiteWalk', () => <TermsPage />),
  publicPage('privacy-policy.html', 'Privacy Policy · SiteWalk', () => <PrivacyPage />),
  publicPage('error.html', 'Error · SiteWalk', () => <ErrorPage />),
  publicPage(NOT_FOUND_FILE, 'Page not found · SiteWalk', () => <NotFoundPage />),
  signInPage('login.html', 'Sign in · SiteWalk', paths.login.build()),
  signInPage('reset-password.html', 'Reset your password · SiteWalk', paths.resetPassword.build()),
  signInPage('reset-email-sent.html', 'Email Sent · SiteWalk', paths.resetEmailSent.build()),
  signInPage('reset-confirm.html', 'Create New Password · SiteWalk', paths.resetConfirm.build('token')),
];

// The routing table lives apart from the pages' React (./page-table.ts), for the service worker's config.
export { APP_FILE, NOT_FOUND_FILE, pagesManifest };
