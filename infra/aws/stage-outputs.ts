import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { stackName, type StageConfig } from './stage.ts';

/** What a deployed stage's stacks output, by stack part and output key. */
const wanted = {
  Data: ['TableName', 'AuditKeyArn'],
  Auth: ['UserPoolId', 'UserPoolClientId'],
  App: ['AppUrl', 'AuditAnchorBucketName'],
} as const;

export interface StageOutputs {
  TABLE_NAME: string;
  USER_POOL_ID: string;
  USER_POOL_CLIENT_ID: string;
  appUrl: string;
  /** The HMAC key that signs audit entries, and the Object Lock bucket their heads are anchored in. */
  AUDIT_KEY_ID: string;
  AUDIT_ANCHOR_BUCKET: string;
}

/** Reads a deployed stage's outputs from CloudFormation, naming whatever is missing. */
export const readStageOutputs = async (
  cloudFormation: CloudFormationClient,
  stage: Pick<StageConfig, 'name'>,
): Promise<StageOutputs> => {
  const found: Record<string, string> = {};
  for (const [part, keys] of Object.entries(wanted)) {
    const name = stackName(stage, part);
    const outputs = await describeOutputs(cloudFormation, name);
    for (const key of keys) {
      const value = outputs.find((output) => output.OutputKey === key)?.OutputValue;
      if (!value) throw new Error(`Stack ${name} has no output ${key}: deploy the stage again`);
      found[key] = value;
    }
  }
  return {
    TABLE_NAME: found['TableName'] ?? '',
    USER_POOL_ID: found['UserPoolId'] ?? '',
    USER_POOL_CLIENT_ID: found['UserPoolClientId'] ?? '',
    appUrl: found['AppUrl'] ?? '',
    AUDIT_KEY_ID: found['AuditKeyArn'] ?? '',
    AUDIT_ANCHOR_BUCKET: found['AuditAnchorBucketName'] ?? '',
  };
};

const describeOutputs = async (cloudFormation: CloudFormationClient, name: string) => {
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: name }));
    return Stacks?.[0]?.Outputs ?? [];
  } catch (error) {
    throw new Error(`Stack ${name} is not deployed in this account and region (${(error as Error).message})`);
  }
};
