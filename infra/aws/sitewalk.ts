import { Tags, Validations, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppStack } from './app-stack.ts';
import { AuthStack } from './auth-stack.ts';
import { DataStack } from './data-stack.ts';
import { EdgeStack } from './edge-stack.ts';
import { MailStack } from './mail-stack.ts';
import { OperationsStack } from './operations-stack.ts';
import { stackName, type StageConfig } from './stage.ts';

/**
 * One stage of SiteWalk: data, mail, sign-in, the edge's WAF, the application and its operations, each a stack named after the
 * stage, all checked against cdk-nag's AwsSolutions rules (synthesis fails on any finding not fixed or
 * acknowledged next to its resource).
 */
export const buildSiteWalk = (
  app: App,
  props: { stage: StageConfig; webDist: string; env?: Environment },
) => {
  const { stage, webDist, env } = props;
  const common = { stage, ...(env ? { env } : {}) };
  Tags.of(app).add('sitewalk:stage', stage.name);

  const data = new DataStack(app, stackName(stage, 'Data'), common);
  const mail = new MailStack(app, stackName(stage, 'Mail'), common);
  const auth = new AuthStack(app, stackName(stage, 'Auth'), common);
  // Cognito checks its SES sender when the user pool is made.
  auth.addDependency(mail);
  // The WAF web ACL of the distribution, in us-east-1 wherever the stage is.
  const edge = new EdgeStack(app, stackName(stage, 'Edge'), common);
  const application = new AppStack(app, stackName(stage, 'App'), {
    ...common,
    table: data.table,
    pinKey: data.pinKey,
    auditKey: data.auditKey,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    mailIdentity: mail.identity,
    webDist,
    webAclArn: edge.webAclArn,
  });
  const operations = new OperationsStack(app, stackName(stage, 'Operations'), {
    ...common,
    httpApi: application.api.httpApi,
    functions: application.api.functions,
    workers: [application.cleanup, application.mail],
    scheduled: [application.evaluator, application.auditAnchor],
    uploadWorkers: [application.walkPhotos],
    table: data.table,
  });

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, mail, auth, edge, application, operations };
};
