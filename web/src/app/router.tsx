import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { appHomeLoader, dashboardLoader, onlyOnArrival } from './routes/start-early.ts';

/**
 * The app under /app. Every screen is its own chunk; each module names the component it exports, and `lazy`
 * hands it to the router. The public pages and the sign-in pages are not here: they are documents of their
 * own, prerendered at build time (web/src/prerender.tsx), and links to them load them. The dashboard's
 * loaders (routes/start-early.ts) ask for its data alongside its code, before the app's shell has rendered.
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

const notFound = page(
  () => import('../components/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);

export const routes: RouteObject[] = [
  {
    path: paths.app.root.path,
    lazy: page(
      () => import('../components/layouts/app-layout.tsx'),
      (m) => m.AppLayout,
    ),
    children: [
      {
        // A page that throws shows the error panel inside the shell.
        lazy: async () => ({ ErrorBoundary: (await import('./routes/app-error.tsx')).AppRouteErrorBoundary }),
        children: [
          {
            index: true,
            loader: appHomeLoader,
            shouldRevalidate: onlyOnArrival,
            lazy: page(
              () => import('./routes/app-home.tsx'),
              (m) => m.AppHomeRoute,
            ),
          },
          {
            path: paths.app.dashboard.path,
            loader: dashboardLoader,
            shouldRevalidate: onlyOnArrival,
            lazy: page(
              () => import('../features/dashboard/dashboard-page.tsx'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: paths.app.error.path,
            lazy: page(
              () => import('./routes/app-error.tsx'),
              (m) => m.AppErrorRoute,
            ),
          },
          {
            path: paths.app.loading.path,
            lazy: page(
              () => import('./routes/app-loading.tsx'),
              (m) => m.AppLoadingRoute,
            ),
          },
          {
            path: paths.app.incidents.path,
            lazy: page(
              () => import('../features/incidents/incidents-page.tsx'),
              (m) => m.IncidentsPage,
            ),
          },
          {
            path: paths.app.incident.path,
            lazy: page(
              () => import('../features/incidents/incident-page.tsx'),
              (m) => m.IncidentPage,
            ),
          },
          {
            path: paths.app.alerts.path,
            lazy: page(
              () => import('../features/alerts/alerts-page.tsx'),
              (m) => m.AlertsPage,
            ),
          },
          {
            path: paths.app.activity.path,
            lazy: page(
              () => import('../features/activity/activity-page.tsx'),
              (m) => m.ActivityPage,
            ),
          },
          {
            path: paths.app.tasks.path,
            lazy: page(
              () => import('../features/tasks/tasks-page.tsx'),
              (m) => m.TasksPage,
            ),
          },
          {
            path: paths.app.taskAdd.path,
            lazy: page(
              () => import('../features/tasks/task-add-page.tsx'),
              (m) => m.TaskAddPage,
            ),
          },
          {
            path: paths.app.task.path,
            lazy: page(
              () => import('../features/tasks/task-page.tsx'),
              (m) => m.TaskPage,
            ),
          },
          {
            path: paths.app.managementCompanies.path,
            lazy: page(
              () => import('../features/management-companies/management-companies-page.tsx'),
              (m) => m.ManagementCompaniesPage,
            ),
          },
          {
            path: paths.app.managementCompanyAdd.path,
            lazy: page(
              () => import('../features/management-companies/management-company-page.tsx'),
              (m) => m.ManagementCompanyPage,
            ),
          },
          {
            path: paths.app.managementCompany.path,
            lazy: page(
              () => import('../features/management-companies/management-company-page.tsx'),
              (m) => m.ManagementCompanyPage,
            ),
          },
          {
            path: paths.app.organizations.path,
            lazy: page(
              () => import('../features/organizations/organizations-page.tsx'),
              (m) => m.OrganizationsPage,
            ),
          },
          {
            path: paths.app.organizationAdd.path,
            lazy: page(
              () => import('../features/organizations/organization-add-page.tsx'),
              (m) => m.OrganizationAddPage,
            ),
          },
          {
            path: paths.app.organizationUpdate.path,
            lazy: page(
              () => import('../features/organizations/organization-update-page.tsx'),
              (m) => m.OrganizationUpdatePage,
            ),
          },
          {
            path: paths.app.organization.path,
            lazy: page(
              () => import('../features/organizations/organization-page.tsx'),
              (m) => m.OrganizationPage,
            ),
          },
          {
            path: paths.app.walkSetup.path,
            lazy: page(
              () => import('../features/walk-setup/walk-setup-page.tsx'),
              (m) => m.WalkSetupPage,
            ),
          },
          {
            path: paths.app.record.path,
            lazy: page(
              () => import('../features/recorder/recorder-page.tsx'),
              (m) => m.RecorderPage,
            ),
          },
          {
            path: paths.app.users.path,
            lazy: page(
              () => import('../features/users/users-page.tsx'),
              (m) => m.UsersPage,
            ),
          },
          {
            path: paths.app.userAdd.path,
            lazy: page(
              () => import('../features/users/add-user-page.tsx'),
              (m) => m.AddUserPage,
            ),
          },
          {
            path: paths.app.userUpdate.path,
            lazy: page(
              () => import('../features/users/update-user-page.tsx'),
              (m) => m.UpdateUserPage,
            ),
          },
          {
            path: paths.app.user.path,
            lazy: page(
              () => import('../features/users/user-profile-page.tsx'),
              (m) => m.UserProfilePage,
            ),
          },
          {
            path: paths.app.locations.path,
            lazy: page(
              () => import('../features/locations/locations-page.tsx'),
              (m) => m.LocationsPage,
            ),
          },
          {
            path: paths.app.locationAdd.path,
            lazy: page(
              () => import('../features/locations/add-location-page.tsx'),
              (m) => m.AddLocationPage,
            ),
          },
          {
            path: paths.app.locationUpdate.path,
            lazy: page(
              () => import('../features/locations/update-location-page.tsx'),
              (m) => m.UpdateLocationPage,
            ),
          },
          {
            path: paths.app.walkReport.path,
            lazy: page(
              () => import('../features/walk-reports/walk-report-page.tsx'),
              (m) => m.WalkReportPage,
            ),
          },
          {
            path: paths.app.lockCheck.path,
            lazy: page(
              () => import('../features/lock-check-reports/lock-check-page.tsx'),
              (m) => m.LockCheckPage,
            ),
          },
          {
            path: paths.app.location.path,
            lazy: page(
              () => import('../features/locations/location-page.tsx'),
              (m) => m.LocationPage,
            ),
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
  { path: '*', lazy: notFound },
];

export const router = createBrowserRouter(routes);
