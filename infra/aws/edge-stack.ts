import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { StageConfig } from './stage.ts';

/** Where CloudFront's web ACLs must live, whatever the region of the rest of the stage. */
export const EDGE_REGION = 'us-east-1';

/** The paths of sign-in, sign-out, session refresh and password reset: every route of the auth resource. */
export const SIGN_IN_PATH_PREFIX = '/api/auth/';

/**
 * The stage's WAF web ACL for its CloudFront distribution, in a small stack of its own in us-east-1 (a web ACL
 * of CloudFront's scope can live nowhere else). AWS's managed common rule set on every request, and a
 * per-address rate limit on the sign-in paths: WAF sees the viewer's own address, so one attacker cannot hide
 * behind an edge server, and the app's own per-address limits (functions/src/domain/sessions.ts) count the
 * same address (CloudFront-Viewer-Address, functions/src/http/origin.ts).
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps & { stage: StageConfig }) {
    const { stage, env, ...rest } = props;
    super(scope, id, {
      ...rest,
      env: { ...(env?.account ? { account: env.account } : {}), region: EDGE_REGION },
      // The App stack in another region reads the web ACL's ARN through SSM (the CDK's cross-region references).
      crossRegionReferences: true,
    });

    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `sitewalk-${stage.name}-${metricName}`,
      sampledRequestsEnabled: true,
    });
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      description: `SiteWalk ${stage.name}: the web app distribution`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      rules: [
        {
          name: 'AwsCommonRuleSet',
          priority: 0,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Its 8 KB body limit would refuse long walk recordings; the API bounds every body itself
              // (shared/src/schemas), so that one rule only counts.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('common-rule-set'),
        },
        {
          name: 'SignInRate',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: stage.signInRate.limit,
              evaluationWindowSec: stage.signInRate.windowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: SIGN_IN_PATH_PREFIX,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('sign-in-rate'),
        },
      ],
    });
    this.webAclArn = webAcl.attrArn;
  }
}
