/** Typed path builders for the SPA's routes (the specs' screens). Route patterns use react-router syntax. */
export const paths = {
  home: { path: '/', build: () => '/' },
  login: { path: '/login', build: () => '/login' },
  register: { path: '/register', build: () => '/register' },
  terms: { path: '/terms-of-service', build: () => '/terms-of-service' },
  privacy: { path: '/privacy-policy', build: () => '/privacy-policy' },
  resetPassword: { path: '/reset-password', build: () => '/reset-password' },
  resetPasswordLegacy: { path: '/resetPassword', build: () => '/resetPassword' },
  resetEmailSent: { path: '/reset-password/email-sent', build: () => '/reset-password/email-sent' },
  resetEmailSentLegacy: { path: '/app/resetPassword/emailSent', build: () => '/app/resetPassword/emailSent' },
  resetConfirm: {
    path: '/reset-password/confirm/:token?',
    build: (token: string) => `/reset-password/confirm/${encodeURIComponent(token)}`,
  },
  error: { path: '/error', build: () => '/error' },
  app: {
    root: { path: '/app', build: () => '/app' },
    /** The dashboard of the roles that record a walk, whose /app is their home (issue 28); /app for the rest. */
    dashboard: { path: '/app/dashboard', build: () => '/app/dashboard' },
    error: { path: '/app/error', build: () => '/app/error' },
    loading: { path: '/app/loading', build: () => '/app/loading' },
    incident: { path: '/app/incidents/:id', build: (id: number) => `/app/incidents/${id}` },
    managementCompanies: { path: '/app/management-companies', build: () => '/app/management-companies' },
    managementCompanyAdd: {
      path: '/app/management-companies/add',
      build: () => '/app/management-companies/add',
    },
    managementCompany: {
      path: '/app/management-companies/:id',
      build: (id: number) => `/app/management-companies/${id}`,
    },
    organizations: { path: '/app/organizations', build: () => '/app/organizations' },
    organization: { path: '/app/organizations/:id', build: (id: number) => `/app/organizations/${id}` },
    organizationUpdate: {
      path: '/app/organizations/update/:id',
      build: (id: number) => `/app/organizations/update/${id}`,
    },
    organizationAdd: { path: '/app/addOrganization', build: () => '/app/addOrganization' },
    users: { path: '/app/users', build: () => '/app/users' },
    user: { path: '/app/users/:id', build: (id: number) => `/app/users/${id}` },
    userUpdate: { path: '/app/users/update/:id', build: (id: number) => `/app/users/update/${id}` },
    userAdd: { path: '/app/addUser', build: () => '/app/addUser' },
    locations: { path: '/app/locations', build: () => '/app/locations' },
    location: { path: '/app/locations/:id', build: (id: number) => `/app/locations/${id}` },
    locationAdd: { path: '/app/addLocation', build: () => '/app/addLocation' },
    locationUpdate: {
      path: '/app/locations/update/:id',
      build: (id: number) => `/app/locations/update/${id}`,
    },
    walkSetup: {
      path: '/app/locations/:id/create-walks',
      build: (id: number) => `/app/locations/${id}/create-walks`,
    },
    walkReport: {
      path: '/app/locations/:id/walk-report/:walkReportId',
      build: (id: number, walkReportId: number) => `/app/locations/${id}/walk-report/${walkReportId}`,
    },
    /** One lock check's report (issue 31). */
    lockCheck: {
      path: '/app/locations/:id/lock-checks/:lockCheckId',
      build: (id: number, lockCheckId: number) => `/app/locations/${id}/lock-checks/${lockCheckId}`,
    },
    incidents: { path: '/app/incidents', build: () => '/app/incidents' },
    alerts: { path: '/app/alerts', build: () => '/app/alerts' },
    /** The audit log of a company (issue 18). */
    activity: { path: '/app/activity', build: () => '/app/activity' },
    tasks: { path: '/app/tasks', build: () => '/app/tasks' },
    /**
     * A new task; from an incident, an alert or a lock check's discrepancy (its check, unit and kind), its id,
     * location, a suggested title and priority prefill the form.
     */
    taskAdd: {
      path: '/app/tasks/new',
      build: (
        from: {
          incidentId?: number;
          alertId?: number;
          lockCheckId?: number;
          unit?: string;
          kind?: string;
          locationId?: number;
          title?: string;
          priority?: number;
        } = {},
      ) => {
        const query = new URLSearchParams(
          Object.entries(from).flatMap(([key, value]): [string, string][] =>
            value === undefined ? [] : [[key, String(value)]],
          ),
        ).toString();
        return query ? `/app/tasks/new?${query}` : '/app/tasks/new';
      },
    },
    task: { path: '/app/tasks/:id', build: (id: number) => `/app/tasks/${id}` },
    /** The walk recorder (field-operations has no such screen; issue 15). */
    record: { path: '/app/record', build: () => '/app/record' },
  },
} as const;
