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
