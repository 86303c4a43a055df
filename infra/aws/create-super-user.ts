/**
 * `SITEWALK_ADMIN_PASSWORD=… npm run create-super-user -- --stage <tenant> --email <address>`: creates a
 * deployed stage's first Super User, with the caller's AWS credentials, through the same accounts code the
 * API uses (the sign-in in Cognito and the user in the table, kept in step). It finds the table and the
 * user pool from the stage's stack outputs. It refuses once the stage has any user: from then on, Super
 * Users create accounts in the app.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { readStageOutputs } from './stage-outputs.ts';

const { values } = parseArgs({ options: { stage: { type: 'string' }, email: { type: 'string' } } });
const password = process.env.SITEWALK_ADMIN_PASSWORD;
if (!values.stage || !values.email || !password) {
  console.error(
    'Usage: SITEWALK_ADMIN_PASSWORD=<password> npm run create-super-user -- --stage <tenant> --email <address>',
  );
  process.exit(2);
}

const cloudFormation = new CloudFormationClient({});
const outputs = await readStageOutputs(cloudFormation, { name: values.stage });
Object.assign(process.env, {
  AWS_REGION: await cloudFormation.config.region(),
  TABLE_NAME: outputs.TABLE_NAME,
  USER_POOL_ID: outputs.USER_POOL_ID,
  USER_POOL_CLIENT_ID: outputs.USER_POOL_CLIENT_ID,
  // Its creation is the system log's first entry, signed with the caller's kms:GenerateMac on this key.
  AUDIT_KEY_ID: outputs.AUDIT_KEY_ID,
});
const { seedSuperUser } = await import('../seed-super-user.ts');
if (await seedSuperUser({ email: values.email, password })) {
  console.log(`Created the Super User ${values.email}. Sign in at ${outputs.appUrl}`);
} else {
  console.error(`Stage ${values.stage} already has users: a Super User creates further accounts in the app.`);
  process.exit(1);
}
