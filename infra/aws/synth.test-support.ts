import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Environment } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PAGES_MANIFEST_FILE, type PagesManifest } from '@sitewalk/shared/web-pages';
import { buildSiteWalk } from './sitewalk.ts';
import { stageConfig, type StageContext } from './stage.ts';

/** What the web build's pages.json says (web/src/prerender.tsx), in small. */
export const fakePages: PagesManifest = {
  exact: { '/': 'index.html', '/login': 'login.html', '/app': 'app.html' },
  prefixes: [
    ['/reset-password/confirm/', 'login.html'],
    ['/app/', 'app.html'],
  ],
  fallback: '404.html',
};

/**
 * A stand-in for web/dist: its documents, one hashed asset, pages.json, and the installable app's service
 * worker, its hashed Workbox chunk and web app manifest.
 */
export const fakeWebDist = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'sitewalk-web-'));
  mkdirSync(join(dir, 'assets'));
  for (const document of ['index.html', 'login.html', 'app.html', '404.html']) {
    writeFileSync(join(dir, document), '<!doctype html><script src="/assets/index-abc.js"></script>');
  }
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  // The build's compressed copy, for the local host only.
  writeFileSync(join(dir, 'assets', 'index-abc.js.br'), 'compressed');
  writeFileSync(join(dir, PAGES_MANIFEST_FILE), JSON.stringify(fakePages));
  writeFileSync(join(dir, 'sw.js'), 'importScripts("./workbox-abc.js")');
  writeFileSync(join(dir, 'workbox-abc.js'), 'self.workbox = 1');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"SiteWalk"}');
  return dir;
};

/** The context `cdk synth` reads from cdk.json (feature flags, default mail domain and ops address). */
export const cdkJsonContext = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../cdk.json', import.meta.url)), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

export const demoContext = {
  stage: 'demo',
  mailDomain: 'sitewalk.example',
  opsEmail: 'ops@sitewalk.example',
};
export const productionContext = {
  stage: 'acme',
  mailDomain: 'acme-storage.com',
  opsEmail: 'ops@acme-storage.com',
};

/**
 * The whole app for one stage, as `cdk synth` builds it, by default without bundling the Lambdas (esbuild
 * takes seconds per function; the templates are the same). `cdk synth` runs in the caller's region, or
 * us-east-1.
 */
export const synthSiteWalk = (
  context: StageContext,
  env: Environment = { region: 'us-east-1' },
  options: { bundle?: boolean } = {},
) => {
  const app = new App({
    context: { ...cdkJsonContext, ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
  });
  const stacks = buildSiteWalk(app, { stage: stageConfig(context), webDist: fakeWebDist(), env });
  // Runs cdk-nag: throws on any finding not fixed or acknowledged.
  const assembly = app.synth();
  return {
    app,
    assembly,
    stacks,
    data: Template.fromStack(stacks.data),
    mail: Template.fromStack(stacks.mail),
    auth: Template.fromStack(stacks.auth),
    edge: Template.fromStack(stacks.edge),
    application: Template.fromStack(stacks.application),
    operations: Template.fromStack(stacks.operations),
  };
};

export type Synthesized = ReturnType<typeof synthSiteWalk>;

type Resources = Record<
  string,
  { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown }
>;

/** The template's resources of one type, by logical id. */
export const resourcesOf = (template: Template, type: string): Resources =>
  template.findResources(type) as Resources;
