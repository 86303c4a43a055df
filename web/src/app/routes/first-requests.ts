import { canOpenSection } from '@sitewalk/shared/policy';
import { isRoleId } from '@sitewalk/shared/roles';
import { SESSION_USER_PATH } from '@sitewalk/shared/contract/session-paths';
import { DASHBOARD_VIEW_PATH, PORTFOLIO_PAGE_PATH } from '@sitewalk/shared/contract/dashboard-paths';
import { portfolioQueryOf } from '../../api/portfolio-query.ts';
import { paths } from '../../config/paths.ts';
import { dashboardPageInputOf } from '../../features/dashboard/dashboard-address.ts';
import { searchOf } from '../../lib/api-search.ts';
import { startEarly } from '../../lib/early-requests.ts';
import { savedRoleId } from '../../lib/saved-user-store.ts';

/**
 * The first screen's requests, sent by the document's first script (main.tsx) as soon as the session's refresh
 * brings a token: before the app's code (the contract, the data layer, React) has loaded and run, which took
 * a second and more at 4× CPU slowdown (issue 30). The app's own calls of the same requests take their
 * answers (lib/early-requests.ts). Everything imported here is small and imports nothing heavy.
 */

/** Whether /app is the dashboard for a role: for the roles that record no walk (app-home.tsx). */
export const landsOnDashboard = (roleId: number) =>
  isRoleId(roleId) && !canOpenSection({ roleId }, 'recordWalk');

/**
 * What the first screen at an address waits for: on every page of the app the signed-in user (its shell
 * waits for it), and on the dashboard its first page with the summary, and the view kept. /app is the
 * dashboard when the user saved on this device lands there (a guess: a wrong one costs two requests).
 */
export const firstScreenRequests = (href: string, roleId: number | undefined = savedRoleId()): string[] => {
  const url = new URL(href);
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const app = paths.app.root.path;
  if (path !== app && !path.startsWith(`${app}/`)) return [];
  const dashboard =
    path === paths.app.dashboard.path || (path === app && roleId !== undefined && landsOnDashboard(roleId));
  if (!dashboard) return [SESSION_USER_PATH];
  const firstPage = `${PORTFOLIO_PAGE_PATH}${searchOf(portfolioQueryOf(dashboardPageInputOf(url.searchParams)))}`;
  return [SESSION_USER_PATH, firstPage, DASHBOARD_VIEW_PATH];
};

/** The access token of the refresh's answer, read from a clone (the answer's body is the app's). */
const tokenOf = async (answer: Response): Promise<string | null> => {
  if (!answer.ok) return null;
  const body = (await answer.clone().json()) as { accessToken?: unknown };
  return typeof body.accessToken === 'string' ? body.accessToken : null;
};

/**
 * Sends `urls` (GET, as the app's client sends them) with the token the refresh brings; nothing when it brings
 * none (refused, offline: the app then asks for nothing of them either). Settles once they are sent, or not.
 */
export const startFirstScreenRequests = (
  refreshed: Promise<Response>,
  urls: readonly string[],
  fetchFn: typeof fetch = fetch,
): Promise<void> => {
  if (urls.length === 0) return Promise.resolve();
  return refreshed
    .then(tokenOf)
    .then((token) => {
      if (!token) return;
      const init = {
        method: 'GET',
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        credentials: 'same-origin',
      } as const;
      for (const url of urls) startEarly(url, init, fetchFn);
    })
    .catch(() => undefined); // the app's own calls ask, and show what went wrong
};
