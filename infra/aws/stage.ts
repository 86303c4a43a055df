import { RemovalPolicy } from 'aws-cdk-lib';
import { z } from 'zod';

/** A stage is one tenant's deployment: `cdk deploy --all -c stage=<tenant>`. */
const stageName = z
  .string({ error: 'Pass the stage with -c stage=<name>' })
  .regex(
    /^[a-z][a-z0-9-]{1,20}$/,
    'A stage name is 2–21 lower-case letters, digits or hyphens, starting with a letter',
  );

export interface StageConfig {
  name: string;
  /** Production-like stages keep their data whatever happens to the stack. */
  productionLike: boolean;
  removalPolicy: RemovalPolicy;
}

const disposable = new Set(['dev', 'test', 'demo', 'ci']);

export const stageConfig = (stage: unknown): StageConfig => {
  const name = stageName.parse(stage);
  const productionLike = !disposable.has(name) && !name.startsWith('dev-');
  return {
    name,
    productionLike,
    removalPolicy: productionLike ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  };
};
