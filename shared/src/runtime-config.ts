import { z } from 'zod/mini';

/**
 * What the SPA learns at start-up from `/config.json`, so one build serves every stage: written at deploy
 * time by the CDK app next to index.html, and served by the local host. Zod's mini build: the SPA parses
 * this before its first render, on the landing page too, where the full zod would cost more than the page.
 */
export const RUNTIME_CONFIG_PATH = '/config.json';

export const runtimeConfig = z.object({
  /** Where the API answers, on the app's own origin. */
  apiBasePath: z.string().check(z.startsWith('/')),
  region: z.string().check(z.minLength(1)),
  /** A MapLibre style URL: an Amazon Location map with its API key in AWS, a public style locally. */
  mapStyleUrl: z.url(),
  /** Who a visitor writes to for an account or pricing (the landing page's 'Get Started Today'). */
  contactEmail: z.email(),
  contactName: z.string().check(z.minLength(1)),
});

export type RuntimeConfig = z.infer<typeof runtimeConfig>;
