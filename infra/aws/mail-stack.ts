import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { StageConfig } from './stage.ts';

/**
 * The SES identity SiteWalk and Cognito send e-mail from: the stage's mail domain, verified by the DKIM
 * records this stack outputs. Its own stack, deployed first: Cognito refuses a sender SES has not verified
 * yet, so a new stage deploys this, adds the records to its DNS, and then deploys the rest (docs/deploy.md).
 */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;

  constructor(scope: Construct, id: string, props: StackProps & { stage: StageConfig }) {
    super(scope, id, props);
    const { stage } = props;
    this.identity = new EmailIdentity(this, 'MailDomain', { identity: Identity.domain(stage.mailDomain) });
    this.identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: `A CNAME for ${stage.mailDomain}'s DNS, so SES can verify the domain and sign its mail`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });
  }
}
