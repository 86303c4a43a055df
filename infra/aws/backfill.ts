/**
 * `npm run backfill -- --stage <tenant>`: after updating a deployed stage, gives the items an older version
 * wrote what the new one reads (infra/backfills.ts), with the caller's AWS credentials. It finds the table from
 * the stage's stack outputs. Safe beside the running API, and a second run changes nothing.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { readStageOutputs } from './stage-outputs.ts';

const { values } = parseArgs({ options: { stage: { type: 'string' } } });
if (!values.stage) {
  console.error('Usage: npm run backfill -- --stage <tenant>');
  process.exit(2);
}

const cloudFormation = new CloudFormationClient({});
const outputs = await readStageOutputs(cloudFormation, { name: values.stage });
Object.assign(process.env, {
  AWS_REGION: await cloudFormation.config.region(),
  TABLE_NAME: outputs.TABLE_NAME,
});
const { backfillStage } = await import('../backfills.ts');
const { dataFromEnv } = await import('@sitewalk/functions/composition');
const done = await backfillStage(dataFromEnv());
console.log(
  `Stage ${values.stage}: ${done.schedules} locations given the default walk windows, ` +
    `${done.stageLists} locations, areas and users given the stage lists' keys and search text.`,
);
