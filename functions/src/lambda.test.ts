import { describe, expect, it, vi } from 'vitest';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context, DynamoDBRecord } from 'aws-lambda';
import { createWorkerHandler, eachStreamRecord } from './lambda.ts';

const quietLogger = () => {
  const logger = new Logger({ serviceName: 'sitewalk-test', logLevel: 'SILENT' });
  const errors = vi.spyOn(logger, 'error');
  return { logger, errors };
};

const record = (sequenceNumber: string | undefined): DynamoDBRecord => ({
  eventName: 'INSERT',
  dynamodb: { ...(sequenceNumber === undefined ? {} : { SequenceNumber: sequenceNumber }), NewImage: {} },
});

describe('a worker handler', () => {
  it('runs with a Lambda context and without one (the local host), answering what the run answers', async () => {
    const { logger } = quietLogger();
    const handler = createWorkerHandler({ logger }, async (event: { n: number }) => ({
      doubled: event.n * 2,
    }));
    expect(await handler({ n: 2 })).toEqual({ doubled: 4 });
    const context = { functionName: 'sitewalk-test', awsRequestId: 'r-1' } as Context;
    expect(await handler({ n: 3 }, context)).toEqual({ doubled: 6 });
  });

  it('logs a failed run and throws it on, so Lambda retries the event', async () => {
    const { logger, errors } = quietLogger();
    const handler = createWorkerHandler({ logger }, async () => {
      throw new Error('table gone');
    });
    await expect(handler({})).rejects.toThrow('table gone');
    expect(errors).toHaveBeenCalledWith(
      'The worker failed',
      expect.objectContaining({ message: 'table gone' }),
    );
  });
});

describe('each stream record on its own', () => {
  it('handles every record, in order, and reports none when none fails', async () => {
    const { logger, errors } = quietLogger();
    const seen: (string | undefined)[] = [];
    const answer = await eachStreamRecord({ logger }, [record('1'), record('2')], async (r) => {
      seen.push(r.dynamodb?.SequenceNumber);
    });
    expect(seen).toEqual(['1', '2']);
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(errors).not.toHaveBeenCalled();
  });

  it('reports the records that threw by sequence number, logs them, and still handles the rest', async () => {
    const { logger, errors } = quietLogger();
    const seen: (string | undefined)[] = [];
    const answer = await eachStreamRecord(
      { logger },
      [record('1'), record('2'), record('3'), record('4')],
      async (r) => {
        seen.push(r.dynamodb?.SequenceNumber);
        if (r.dynamodb?.SequenceNumber === '2' || r.dynamodb?.SequenceNumber === '4') throw new Error('no');
      },
    );
    expect(seen).toEqual(['1', '2', '3', '4']);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }, { itemIdentifier: '4' }] });
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('reports an empty identifier for a record without a sequence number (Lambda then retries the whole batch)', async () => {
    const { logger } = quietLogger();
    const answer = await eachStreamRecord({ logger }, [record(undefined)], async () => {
      throw new Error('no');
    });
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '' }] });
  });
});
