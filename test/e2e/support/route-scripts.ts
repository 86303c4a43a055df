import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { paths } from '../../../web/src/config/paths.ts';

/** One JavaScript file a route loaded, its size as served and gzipped (zlib's default level, as Vite reports). */
export interface LoadedScript {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/** Every public route of the SPA (paths.ts without `app`), a token where one is taken, and an unknown path. */
export const publicRoutes = (): string[] => [
  ...Object.values(paths).flatMap((route) =>
    'build' in route ? [(route.build as (token: string) => string)('example-token')] : [],
  ),
  '/no-such-page',
];

/**
 * The JavaScript a fresh visit to `path` loads, lazy chunks included (until the network has been idle for
 * half a second). Nothing but the host is asked for.
 */
export const scriptsOf = async (browser: Browser, origin: string, path: string): Promise<LoadedScript[]> => {
  const context = await browser.newContext();
  try {
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    const bodies: Promise<LoadedScript | null>[] = [];
    page.on('response', (response) => {
      if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
      bodies.push(
        response
          .body()
          .then((body) => ({ url: response.url(), bytes: body.length, gzipBytes: gzipSync(body).length }))
          .catch(() => null),
      );
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    return (await Promise.all(bodies)).filter((script): script is LoadedScript => script !== null);
  } finally {
    await context.close();
  }
};

/**
 * The source files bundled into a script, from its source map (web/vite.config.ts builds them), relative
 * to the workspace or the repository: `src/features/…`, `node_modules/@mui/…`.
 */
export const sourcesOf = async (script: LoadedScript): Promise<string[]> => {
  const response = await fetch(`${script.url}.map`);
  if (!response.ok) {
    // The bundler's own runtime chunk is generated code with no module in it, and so no source map.
    const code = await (await fetch(script.url)).text();
    if (response.status === 404 && !code.includes('//# sourceMappingURL=')) return [];
    throw new Error(`No source map for ${script.url} (${response.status})`);
  }
  const map = (await response.json()) as { sources: string[] };
  return map.sources.map((source) => source.replace(/^(\.\.\/)+/, ''));
};
