import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { paths } from './config/paths.ts';
import { pageRoutes } from './page-table.ts';
import { APP_FILE, NOT_FOUND_FILE, pagesManifest, prerenderedPages } from './prerender.tsx';

// Node, not jsdom: emotion collects the styles only when it renders on a server.
const rendered = new Map(prerenderedPages.map((page) => [page.file, page.render()]));
const documentOf = (file: string) => {
  const page = rendered.get(file);
  if (!page) throw new Error(`${file} is not prerendered`);
  return new JSDOM(`<head>${page.head}</head><body>${page.body}</body>`).window.document;
};
const publicFiles = prerenderedPages
  .filter((page) => page.template === 'public-page.html')
  .map((p) => p.file);

describe('the prerendered documents', () => {
  it('serve every public path of the app, /app and below with the app, and anything else the 404', () => {
    const manifest = pagesManifest();
    const files = new Set([...prerenderedPages.map((page) => page.file), APP_FILE]);
    const { app: _app, ...publicRoutes } = paths;
    const publicPaths = Object.values(publicRoutes).map((route) => route.path.replace('/:token?', ''));
    for (const path of publicPaths) expect(files).toContain(manifest.exact[path]);
    expect(manifest.exact[paths.app.root.path]).toBe(APP_FILE);
    expect(manifest.prefixes).toContainEqual(['/app/', APP_FILE]);
    // The one page under /app that is not the app: the old spelling of the e-mail-sent page.
    expect(manifest.exact[paths.resetEmailSentLegacy.path]).toBe('reset-email-sent.html');
    expect(manifest.fallback).toBe(NOT_FOUND_FILE);
  });

  it('prerender every document of the page table (which the service worker routes by too), and no other', () => {
    expect(prerenderedPages.map((page) => page.file).sort()).toEqual(Object.keys(pageRoutes).sort());
    for (const page of prerenderedPages) {
      expect(page.paths).toEqual(pageRoutes[page.file as keyof typeof pageRoutes].paths);
    }
  });

  it.each(publicFiles)('%s: its styles in one sheet in the head, none in the markup', (file) => {
    const document = documentOf(file);
    const sheets = document.head.querySelectorAll('style');
    expect(sheets).toHaveLength(1);
    const css = sheets[0]?.textContent ?? '';
    expect(document.body.querySelectorAll('style, script')).toHaveLength(0);
    // Every emotion class the markup uses has its rule in the sheet (sw-0 names empty styles: no rule).
    const classes = new Set(
      [...document.body.querySelectorAll('[class]')].flatMap((element) =>
        [...element.classList].filter((name) => name.startsWith('sw-') && name !== 'sw-0'),
      ),
    );
    expect(classes.size).toBeGreaterThan(0);
    for (const name of classes) expect(css).toContain(`.${name}`);
  });

  it('landing: section links lead to sections, every pop-up button to the pop-up, config values marked', () => {
    const document = documentOf('index.html');
    const sectionLinks = [...document.querySelectorAll('nav[aria-label="Page sections"] a')];
    expect(sectionLinks.map((link) => link.getAttribute('href'))).toEqual([
      '#why',
      '#demo',
      '#about',
      '#pricing',
      '#faq',
    ]);
    for (const link of sectionLinks)
      expect(document.querySelector(link.getAttribute('href')!)).not.toBeNull();
    const openers = document.querySelectorAll('[popovertarget="contact"]:not([popovertargetaction])');
    expect(openers.length).toBe(3);
    expect(document.getElementById('contact')?.getAttribute('popover')).toBe('auto');
    expect(document.querySelectorAll('#contact [data-config="contactEmail"]')).toHaveLength(1);
    expect(rendered.get('index.html')?.head).toContain('scroll-behavior:smooth');
  });

  it('sign-in pages: hydratable markup of the right view, with no styles of their own', () => {
    const views = Object.fromEntries(
      prerenderedPages
        .filter((page) => page.template === 'sign-in.html')
        .map((page) => [page.file, rendered.get(page.file)?.view]),
    );
    expect(views).toEqual({
      'login.html': 'login',
      'reset-password.html': 'reset-password',
      'reset-email-sent.html': 'reset-email-sent',
      'reset-confirm.html': 'reset-confirm',
    });
    const login = documentOf('login.html');
    expect(login.querySelector('h1')?.textContent).toBe('Sign in to SiteWalk');
    expect(login.querySelectorAll('input')).toHaveLength(2);
    expect(rendered.get('login.html')?.head).toBe('');
  });

  it('404 and /error say their one thing and lead home', () => {
    expect(documentOf(NOT_FOUND_FILE).querySelector('h1')?.textContent).toBe('404 Page Not Found');
    expect(documentOf('error.html').querySelector('h1')?.textContent).toBe('An Error has occured');
    expect(documentOf('error.html').querySelector('a[href="/"]')).not.toBeNull();
  });
});
