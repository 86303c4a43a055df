/**
 * Which document of the built web app serves which path. The web build writes it next to the documents
 * (web/dist/pages.json, from web/src/prerender.tsx); both hosts route by it (infra/web-pages.ts): the
 * CloudFront Function in AWS and the local host.
 */
export interface PagesManifest {
  /** Path → document, for these exact paths (no trailing slash, but '/'). */
  exact: Record<string, string>;
  /** Path prefix → document, the first match in order, for paths not listed in `exact`. */
  prefixes: [prefix: string, file: string][];
  /** Every other path: the 404 page. */
  fallback: string;
}

export const PAGES_MANIFEST_FILE = 'pages.json';

/** The runtime configuration (runtime-config.ts), next to the documents; here for pages that load no schema. */
export const RUNTIME_CONFIG_PATH = '/config.json';
