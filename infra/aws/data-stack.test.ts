import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { tableDefinition } from '@sitewalk/functions/db/table';
import { DataStack } from './data-stack.ts';
import { stageConfig } from './stage.ts';

const synth = (stage: string) =>
  Template.fromStack(new DataStack(new App(), 'Data', { stage: stageConfig(stage) }));

describe('DataStack', () => {
  it('builds the table from the shared definition: keys, every GSI, TTL and stream', () => {
    synth('acme').hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) =>
        Match.objectLike({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: tableDefinition.stream },
    });
  });

  it('keeps a production-like stage’s data: retained, deletion-protected, point-in-time recovery on', () => {
    const template = synth('acme');
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [
        Match.objectLike({
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      ],
    });
  });

  it('lets a disposable stage go with its stack', () => {
    synth('demo').hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
  });

  it.each(['', 'Prod', '1abc', 'a'.repeat(30), undefined])('refuses the stage name %j', (name) => {
    expect(() => stageConfig(name)).toThrow();
  });
});
