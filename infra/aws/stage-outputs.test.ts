import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { readStageOutputs } from './stage-outputs.ts';

const cloudFormation = mockClient(CloudFormationClient);
const outputs: Record<string, Record<string, string>> = {
  'SiteWalk-acme-Data': {
    TableName: 'SiteWalk-acme-Data-Table-1',
    AuditKeyArn: 'arn:aws:kms:eu-west-1:123456789012:key/audit',
  },
  'SiteWalk-acme-Auth': { UserPoolId: 'eu-west-1_abc', UserPoolClientId: 'client123' },
  'SiteWalk-acme-App': { AppUrl: 'https://d111.cloudfront.net', AuditAnchorBucketName: 'anchors-1' },
};

beforeEach(() => {
  cloudFormation.reset();
  cloudFormation.on(DescribeStacksCommand).callsFake((input: { StackName: string }) => {
    const stack = outputs[input.StackName];
    if (!stack) throw new Error(`Stack with id ${input.StackName} does not exist`);
    return {
      Stacks: [
        {
          StackName: input.StackName,
          Outputs: Object.entries(stack).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })),
        },
      ],
    };
  });
});

describe('readStageOutputs', () => {
  it('reads the table, user pool, client, URL, audit key and anchor bucket from the stage’s stacks', async () => {
    await expect(readStageOutputs(new CloudFormationClient({}), { name: 'acme' })).resolves.toEqual({
      TABLE_NAME: 'SiteWalk-acme-Data-Table-1',
      USER_POOL_ID: 'eu-west-1_abc',
      USER_POOL_CLIENT_ID: 'client123',
      appUrl: 'https://d111.cloudfront.net',
      AUDIT_KEY_ID: 'arn:aws:kms:eu-west-1:123456789012:key/audit',
      AUDIT_ANCHOR_BUCKET: 'anchors-1',
    });
  });

  it('says which stack is not deployed', async () => {
    await expect(readStageOutputs(new CloudFormationClient({}), { name: 'zenith' })).rejects.toThrow(
      /Stack SiteWalk-zenith-Data is not deployed/,
    );
  });

  it('says which output is missing', async () => {
    outputs['SiteWalk-acme-Auth'] = { UserPoolId: 'eu-west-1_abc' };
    await expect(readStageOutputs(new CloudFormationClient({}), { name: 'acme' })).rejects.toThrow(
      /SiteWalk-acme-Auth has no output UserPoolClientId/,
    );
  });
});
