import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';

/**
 * Every screen is its own chunk: the public pages load no code of /app and no map code. Each module names
 * the component it exports; `lazy` hands it to the router.
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
    path: paths.home.path,
    lazy: page(
      () => import('../features/marketing/landing-page.tsx'),
      (m) => m.LandingPage,
    ),
  },
  {
    path: paths.register.path,
    lazy: page(
      () => import('../features/marketing/register-page.tsx'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: paths.terms.path,
    lazy: page(
      () => import('../features/marketing/terms-page.tsx'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: paths.privacy.path,
    lazy: page(
      () => import('../features/marketing/privacy-page.tsx'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: paths.login.path,
    lazy: page(
      () => import('../features/auth/login-page.tsx'),
      (m) => m.LoginPage,
    ),
  },
  ...[paths.resetPassword.path, paths.resetPasswordLegacy.path].map((path) => ({
    path,
    lazy: page(
      () => import('../features/auth/reset-request-page.tsx'),
      (m) => m.ResetRequestPage,
    ),
  })),
  ...[paths.resetEmailSent.path, paths.resetEmailSentLegacy.path].map((path) => ({
    path,
    lazy: page(
      () => import('../features/auth/reset-email-sent-page.tsx'),
      (m) => m.ResetEmailSentPage,
    ),
  })),
  {
    path: paths.resetConfirm.path,
    lazy: page(
      () => import('../features/auth/reset-confirm-page.tsx'),
      (m) => m.ResetConfirmPage,
    ),
  },
  {
    path: paths.error.path,
    lazy: page(
      () => import('../components/error-page.tsx'),
      (m) => m.ErrorPage,
    ),
  },
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
            path: paths.app.incident.path,
            lazy: page(
              () => import('../features/incidents/incident-page.tsx'),
              (m) => m.IncidentPage,
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
              () => import('../features/areas/areas-page.tsx'),
              (m) => m.AreasPage,
            ),
          },
          {
            path: paths.app.organizationAdd.path,
            lazy: page(
              () => import('../features/areas/area-add-page.tsx'),
              (m) => m.AreaAddPage,
            ),
          },
          {
            path: paths.app.organizationUpdate.path,
            lazy: page(
              () => import('../features/areas/area-update-page.tsx'),
              (m) => m.AreaUpdatePage,
            ),
          },
          {
            path: paths.app.organization.path,
            lazy: page(
              () => import('../features/areas/area-page.tsx'),
              (m) => m.AreaPage,
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
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
  { path: '*', lazy: notFound },
];

export const router = createBrowserRouter(routes);
