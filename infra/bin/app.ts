import { App } from 'aws-cdk-lib';
import { DataStack } from '../aws/data-stack.ts';
import { stageConfig } from '../aws/stage.ts';

const app = new App();
const stage = stageConfig(app.node.tryGetContext('stage'));
new DataStack(app, `SiteWalk-${stage.name}-Data`, { stage });
