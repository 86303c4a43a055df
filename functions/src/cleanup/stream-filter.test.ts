import { describe, expect, it } from 'vitest';
import type { DynamoDBRecord } from 'aws-lambda';
import { matchesStreamFilter, streamFilter } from './stream-filter.ts';

const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', entity: string | null): DynamoDBRecord => ({
  eventName,
  dynamodb: {
    ...(eventName === 'REMOVE' || entity === null
      ? {}
      : { NewImage: { __edb_e__: { S: entity }, locationId: { N: '5' }, step: { N: '0' } } }),
    OldImage: { __edb_e__: { S: entity ?? 'location' } },
  },
});

describe('the cleanup worker’s stream filter', () => {
  it.each([
    ['INSERT', 'locationCleanup', true],
    ['MODIFY', 'locationCleanup', true],
    ['REMOVE', 'locationCleanup', false],
    ['INSERT', 'location', false],
    ['MODIFY', 'walkReport', false],
    ['REMOVE', 'location', false],
  ] as const)('%s of a %s item: %s', (eventName, entity, expected) => {
    expect(matchesStreamFilter(record(eventName, entity))).toBe(expected);
  });

  it('is the pattern Lambda applies in AWS, in Lambda’s filter syntax', () => {
    expect(JSON.parse(JSON.stringify(streamFilter))).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { NewImage: { __edb_e__: { S: ['locationCleanup'] } } },
    });
  });
});
