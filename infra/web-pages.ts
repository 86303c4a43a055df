import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGES_MANIFEST_FILE, type PagesManifest } from '@sitewalk/shared/web-pages';

/**
 * The built web app's documents and which serves which path, for both hosts: the CloudFront Function in
 * AWS and the local host run the same router (aws/constructs/page-router.js) over the build's pages.json.
 */
export const PAGE_ROUTER_CODE = fileURLToPath(new URL('./aws/constructs/page-router.js', import.meta.url));
const PLACEHOLDER = '__PAGES_MANIFEST__';

export const readPagesManifest = (webDist: string): PagesManifest =>
  JSON.parse(readFileSync(join(webDist, PAGES_MANIFEST_FILE), 'utf8')) as PagesManifest;

/** The documents of a build (its .html files): never cached long, since they name the hashed assets. */
export const documentsOf = (webDist: string): string[] =>
  readdirSync(webDist).filter((file) => file.endsWith('.html'));

/**
 * The installable app's files at fixed names (web/pwa.config.ts): the service worker, which names the hashed
 * assets it precaches, and the web app manifest. Like the documents, they are revalidated on every load
 * (`Cache-Control: no-cache`), so a new build reaches the browser on its next load. The worker's Workbox
 * chunk has a hashed name and is cached like any asset.
 */
export const APP_ENTRY_FILES = ['sw.js', 'manifest.webmanifest'] as const;

/** Where Vite puts the files whose names carry their content's hash (its `build.assetsDir`). */
export const HASHED_ASSETS_DIR = 'assets';

/** How a file whose name changes with its content is cached: for a year, never revalidated. */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What a build's browsers must revalidate on every load: its documents and the installable app's files. */
export const entryFilesOf = (webDist: string): string[] => {
  const present = new Set(readdirSync(webDist));
  return [...documentsOf(webDist), ...APP_ENTRY_FILES.filter((file) => present.has(file))];
};

/** The router's code with the manifest in it: the CloudFront Function's code. */
export const pageRouterCode = (manifest: PagesManifest): string => {
  const code = readFileSync(PAGE_ROUTER_CODE, 'utf8');
  if (!code.includes(`var PAGES = ${PLACEHOLDER};`))
    throw new Error(`${PAGE_ROUTER_CODE} lost its ${PLACEHOLDER}`);
  return code.replace(`var PAGES = ${PLACEHOLDER};`, `var PAGES = ${JSON.stringify(manifest)};`);
};

/** The same code run here: the path of the document (or file) that answers `uri`. */
export const createPageRouter = (manifest: PagesManifest): ((uri: string) => string) =>
  new Function(`${pageRouterCode(manifest)}\nreturn pageFor;`)() as (uri: string) => string;
