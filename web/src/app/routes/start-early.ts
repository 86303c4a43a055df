import type { LoaderFunctionArgs } from 'react-router';
import type { User } from '@sitewalk/shared/schemas/user';
import { hasValidAccessToken, subscribeAccessToken } from '../../lib/api.ts';
import { currentUserQuery, isUsableUser } from '../../lib/auth.tsx';
import { savedUser } from '../../lib/saved-session.ts';
import { prefetchDashboard } from '../../features/dashboard/dashboard-query.ts';
import { paths } from '../../config/paths.ts';
import { queryClient } from '../query-client.ts';
import { landsOnDashboard } from './first-requests.ts';

/**
 * The router's loaders of the pages whose first screen is waited for: as the router starts (or a link is
 * followed) they ask for the signed-in user, and once it is known for the page's data, while the page's code
 * loads and the app's shell waits for the runtime config; the page's queries then find the answers in the
 * cache. Each returns at once (nothing waits for them) and fails silently: the page's own queries and
 * AppLayout's guard show what went wrong.
 */

/** The signed-in user (the query AppLayout's guard reads), or null without a session. */
const signedInUser = (): Promise<User | null> =>
  queryClient.fetchQuery(currentUserQuery()).then(
    (user) => (isUsableUser(user) ? user : null),
    () => null,
  );

/**
 * Whether the session has a token: at once when it has one, else as soon as the session's refresh (which the
 * user's query starts) brings one — the server decides what each call may see from the token, so the data
 * need not wait for the user's own answer — or false once that query ends without one.
 */
const sessionToken = (): Promise<boolean> => {
  if (hasValidAccessToken()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const stop = subscribeAccessToken(() => {
      if (!hasValidAccessToken()) return;
      stop();
      resolve(true);
    });
    void signedInUser().then(() => {
      stop();
      resolve(hasValidAccessToken());
    });
  });
};

type DashboardPageModule = typeof import('../../features/dashboard/dashboard-page.tsx');
let dashboardPage: Promise<DashboardPageModule> | undefined;
let loadedDashboardPage: DashboardPageModule | undefined;

/** The dashboard page's code, asked for once (a failed load is asked for again by the next call). */
export const loadDashboardPage = (): Promise<DashboardPageModule> =>
  (dashboardPage ??= import('../../features/dashboard/dashboard-page.tsx').then(
    (module) => (loadedDashboardPage = module),
    (error: unknown) => {
      dashboardPage = undefined;
      throw error;
    },
  ));

/** The dashboard page's code when it has loaded, so that /app can draw it without suspending. */
export const dashboardPageIfLoaded = (): DashboardPageModule | undefined => loadedDashboardPage;

const startDashboard = async (params: URLSearchParams) => {
  if (await sessionToken()) await prefetchDashboard(queryClient, params);
};

/** /app/dashboard. */
export const dashboardLoader = ({ request }: Pick<LoaderFunctionArgs, 'request'>) => {
  void startDashboard(new URL(request.url).searchParams);
  return null;
};

/**
 * /app, which is the dashboard for the roles that record no walk (app-home.tsx). When the user saved on this
 * device (the last signed in here) lands there, its code is asked for at once and its data with the session's
 * token; otherwise both once the user is known and does.
 */
export const appHomeLoader = ({ request }: Pick<LoaderFunctionArgs, 'request'>) => {
  const params = new URL(request.url).searchParams;
  const saved = savedUser();
  if (saved && isUsableUser(saved) && landsOnDashboard(saved.roleId)) {
    void loadDashboardPage().catch(() => undefined);
    void startDashboard(params);
  } else {
    void signedInUser().then((user) => {
      if (!user || !landsOnDashboard(user.roleId)) return;
      void loadDashboardPage().catch(() => undefined);
      return prefetchDashboard(queryClient, params);
    });
  }
  return null;
};

/** The address's own search changes (filters typed) are the page's to ask for, after its debounce. */
export const onlyOnArrival = () => false;

/**
 * What the router's loader of the address the document opened at asks for, asked as soon as this module has
 * loaded (main.tsx imports it beside the app): before React, the theme and the shell's code have loaded and
 * run, which the router waits for. The loader then finds its queries asked (or answered: they stay fresh).
 */
export const startForAddress = (href: string) => {
  const url = new URL(href);
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const request = new Request(url);
  if (path === paths.app.root.path) appHomeLoader({ request });
  else if (path === paths.app.dashboard.path) dashboardLoader({ request });
};
