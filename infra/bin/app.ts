import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { buildSiteWalk } from '../aws/sitewalk.ts';
import { stageConfig } from '../aws/stage.ts';
import { PAGES_MANIFEST_FILE } from '@sitewalk/shared/web-pages';

const app = new App();
const context = (key: string): unknown => app.node.tryGetContext(key);
const stage = stageConfig({
  stage: context('stage'),
  mailDomain: context('mailDomain'),
  opsEmail: context('opsEmail'),
  contactEmail: context('contactEmail'),
  contactName: context('contactName'),
  mfaRequiredRoles: context('mfaRequiredRoles'),
});

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
if (!existsSync(`${webDist}/${PAGES_MANIFEST_FILE}`)) {
  throw new Error(`The web app is not built: run npm run build:web first (looked in ${webDist})`);
}

buildSiteWalk(app, {
  stage,
  webDist,
  // The account and region of the caller's AWS profile, as `cdk deploy` resolves them.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
