/** Typed path builders for the SPA's routes (section 2 of both specs). Route patterns use react-router syntax. */
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
    error: { path: '/app/error', build: () => '/app/error' },
    loading: { path: '/app/loading', build: () => '/app/loading' },
    incident: { path: '/app/incidents/:id', build: (id: number) => `/app/incidents/${id}` },
    managementCompanies: { path: '/app/management-companies', build: () => '/app/management-companies' },
    organizations: { path: '/app/organizations', build: () => '/app/organizations' },
    users: { path: '/app/users', build: () => '/app/users' },
    user: { path: '/app/users/:id', build: (id: number) => `/app/users/${id}` },
    locations: { path: '/app/locations', build: () => '/app/locations' },
    location: { path: '/app/locations/:id', build: (id: number) => `/app/locations/${id}` },
  },
} as const;
