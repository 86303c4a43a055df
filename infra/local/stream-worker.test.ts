import { describe, expect, it } from 'vitest';
import type { DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { ATTEMPTS, invokeAsTheMapping, recoverShard, type Shard } from './stream-worker.ts';

const record = (sequenceNumber: string): DynamoDBRecord => ({
  eventName: 'INSERT',
  dynamodb: { SequenceNumber: sequenceNumber, NewImage: {} },
});
const batch = (...sequenceNumbers: string[]): DynamoDBStreamEvent => ({
  Records: sequenceNumbers.map(record),
});
const sequenceNumbersOf = (event: DynamoDBStreamEvent | ScheduledEvent) =>
  'Records' in event ? event.Records.map((r) => r.dynamodb?.SequenceNumber) : 'scheduled';

/** A handler that answers as told, call by call, and remembers the records of each call. */
const handlerAnswering = (...answers: ('throw' | string[])[]) => {
  const calls: (string | (string | undefined)[])[] = [];
  const handler = async (event: DynamoDBStreamEvent | ScheduledEvent) => {
    calls.push(sequenceNumbersOf(event));
    const answer = answers.shift() ?? [];
    if (answer === 'throw') throw new Error('table gone');
    return { batchItemFailures: answer.map((itemIdentifier) => ({ itemIdentifier })) };
  };
  return { handler, calls };
};

describe("the local host's stand-in for the stream's event source mapping", () => {
  it('calls the handler once with the batch when no record fails', async () => {
    const { handler, calls } = handlerAnswering([]);
    const lines: string[] = [];
    await invokeAsTheMapping(handler, batch('1', '2', '3'), (line) => lines.push(line));
    expect(calls).toEqual([['1', '2', '3']]);
    expect(lines).toEqual([]);
  });

  it('retries only the records a partial batch failure names, never the others', async () => {
    const { handler, calls } = handlerAnswering(['2'], []);
    await invokeAsTheMapping(handler, batch('1', '2', '3'), () => undefined);
    expect(calls).toEqual([['1', '2', '3'], ['2']]);
  });

  it('narrows the retries as fewer records fail, and gives up a record that keeps failing', async () => {
    const { handler, calls } = handlerAnswering(['1', '3'], ['3'], ['3'], ['3']);
    const lines: string[] = [];
    await invokeAsTheMapping(handler, batch('1', '2', '3'), (line) => lines.push(line));
    expect(calls).toEqual([['1', '2', '3'], ['1', '3'], ['3']]);
    expect(calls).toHaveLength(ATTEMPTS);
    expect(lines).toEqual([`stream worker: gave up after ${ATTEMPTS} attempts: Error: 1 records failed`]);
  });

  it('retries the whole batch when the handler throws', async () => {
    const { handler, calls } = handlerAnswering('throw', []);
    await invokeAsTheMapping(handler, batch('1', '2'), () => undefined);
    expect(calls).toEqual([
      ['1', '2'],
      ['1', '2'],
    ]);
  });

  it('takes a scheduled run’s answer as done, and retries one that throws', async () => {
    const scheduled = { 'detail-type': 'Scheduled Event' } as ScheduledEvent;
    const quiet = handlerAnswering();
    await invokeAsTheMapping(
      async (event) => quiet.handler(event).then(() => undefined),
      scheduled,
      () => undefined,
    );
    expect(quiet.calls).toEqual(['scheduled']);
    const failing = handlerAnswering('throw', 'throw', 'throw');
    const lines: string[] = [];
    await invokeAsTheMapping(failing.handler, scheduled, (line) => lines.push(line));
    expect(failing.calls).toHaveLength(ATTEMPTS);
    expect(lines).toEqual([`stream worker: gave up after ${ATTEMPTS} attempts: Error: table gone`]);
  });

  it('reads a shard again after its last record handled, or from its oldest when that record was trimmed', () => {
    const failed = (name: string) => Object.assign(new Error(name), { name });
    const expired: Shard = { iterator: 'it-1', lastSequenceNumber: '42' };
    recoverShard(expired, failed('ExpiredIteratorException'));
    expect(expired).toEqual({ lastSequenceNumber: '42' });

    const trimmed: Shard = { iterator: 'it-2', lastSequenceNumber: '42' };
    recoverShard(trimmed, failed('TrimmedDataAccessException'));
    expect(trimmed).toEqual({});

    const unknown: Shard = { iterator: 'it-3', lastSequenceNumber: '42' };
    recoverShard(unknown, 'not an error');
    expect(unknown).toEqual({ lastSequenceNumber: '42' });
  });
});
