/** Typed path builders for the SPA's routes (spec section 2 of both documents). */
export const paths = {
  home: { path: '/', build: () => '/' },
  login: { path: '/login', build: () => '/login' },
} as const;
