import { z } from 'zod/mini';
import { RUNTIME_CONFIG_PATH } from './web-pages.ts';

/**
 * What the web app learns at start-up from `/config.json`, so one build serves every stage: written at
 * deploy time by the CDK app next to the documents, and served by the local host. Zod's mini build: the app
 * parses this before its first render.
 */
export { RUNTIME_CONFIG_PATH };

export const runtimeConfig = z.object({
  /** Where the API answers, on the app's own origin. */
  apiBasePath: z.string().check(z.startsWith('/')),
  region: z.string().check(z.minLength(1)),
  /**
   * An absolute MapLibre style URL: Amazon Location's in AWS; locally the host's own offline style
   * (`/map/style.json`) unless `SITEWALK_MAP_STYLE_URL` names another.
   */
  mapStyleUrl: z.url(),
  /**
   * Amazon Location's imagery styles (Maps API v2 `Satellite` and `Hybrid`, same key), offered in walk setup.
   * Absent locally: the offline style has no imagery, and walk setup says so.
   */
  imageryStyleUrls: z.optional(z.object({ satellite: z.url(), hybrid: z.url() })),
  /** Who a visitor writes to for an account or pricing (the landing page's 'Get Started Today'). */
  contactEmail: z.email(),
  contactName: z.string().check(z.minLength(1)),
});

export type RuntimeConfig = z.infer<typeof runtimeConfig>;
