/**
 * After `vite build`: renders the public and sign-in pages into dist/ (web/src/prerender.tsx has the table),
 * each from its built template, and writes pages.json, which says which document serves which path.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { PAGES_MANIFEST_FILE } from '@sitewalk/shared/web-pages';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webRoot, 'dist');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces `marker` in `html`, which must hold it exactly once. */
const fill = (html: string, marker: string, content: string, template: string) => {
  const at = html.indexOf(marker);
  if (at === -1 || html.indexOf(marker, at + 1) !== -1)
    throw new Error(`${template} must hold ${marker} exactly once`);
  return html.slice(0, at) + content + html.slice(at + marker.length);
};

/**
 * The page's own stylesheets (a few kB) go into the document: a stylesheet is render-blocking, and on a slow
 * phone its round trip delays the first paint more than its bytes.
 */
const inlineStylesheets = async (html: string): Promise<string> => {
  let inlined = html;
  for (const [tag, href] of html.matchAll(
    /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"[^>]*>/g,
  )) {
    const css = await readFile(join(dist, href ?? ''), 'utf8');
    inlined = inlined.replace(tag, `<style>${css}</style>`);
  }
  return inlined;
};

/**
 * Brotli and gzip copies of the documents, scripts and styles, for the local host to serve as CloudFront
 * does (it compresses them on the way out): what a browser downloads, and Lighthouse measures, is the same on
 * both hosts. The CDK app does not upload them.
 */
const precompress = async () => {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  const files = (await readdir(dist, { recursive: true })).filter((file) =>
    /\.(html|js|css|json|svg)$/.test(file),
  );
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(join(dist, file));
      await writeFile(
        join(dist, `${file}.br`),
        await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      );
      await writeFile(join(dist, `${file}.gz`), await gzipped(body, { level: 9 }));
    }),
  );
};

// Vite's SSR loader renders the same modules the client build bundles (TSX, JSON, the React plugin).
const vite = await createServer({
  root: webRoot,
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { prerenderedPages, pagesManifest } = (await vite.ssrLoadModule(
    '/src/prerender.tsx',
  )) as typeof import('../src/prerender.tsx');
  const templates = new Map<string, string>();
  for (const page of prerenderedPages) {
    if (!templates.has(page.template))
      templates.set(page.template, await readFile(join(dist, page.template), 'utf8'));
    const template = templates.get(page.template) ?? '';
    const { head, body, view } = page.render();
    let html = fill(
      template,
      '<title>SiteWalk</title>',
      `<title>${escapeHtml(page.title)}</title>`,
      page.template,
    );
    html = fill(html, '<!--page-head-->', head, page.template);
    html = fill(
      html,
      '<div id="root"><!--page-body--></div>',
      `<div id="root"${view ? ` data-view="${view}"` : ''}>${body}</div>`,
      page.template,
    );
    await writeFile(join(dist, page.file), await inlineStylesheets(html));
  }
  await writeFile(join(dist, PAGES_MANIFEST_FILE), `${JSON.stringify(pagesManifest(), null, 2)}\n`);
  // The templates served only as the pages' frames.
  for (const template of templates.keys()) await rm(join(dist, template));
  console.log(`Prerendered ${prerenderedPages.length} pages and ${PAGES_MANIFEST_FILE}.`);
  await precompress();
} finally {
  await vite.close();
}
