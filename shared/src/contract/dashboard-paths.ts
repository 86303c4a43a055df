/**
 * The dashboard's first screen's paths, with no import: the SPA's first script asks for them with the session's
 * refreshed token before the contract (and zod) has loaded (web/src/app/routes/first-requests.ts); the
 * contract's `incident.portfolioPage` and `user.dashboardView` routes name the same.
 */
export const PORTFOLIO_PAGE_PATH = '/api/incident/portfolio/locations';

export const DASHBOARD_VIEW_PATH = '/api/user/dashboard-view';
