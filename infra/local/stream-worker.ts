/**
 * The local host's stand-in for Lambda's event source mappings on the table's stream: it polls DynamoDB Local's
 * stream, keeps the records each consumer's filter matches and calls that worker's very handler with them — the
 * cleanup worker (functions/src/cleanup/handler.ts) and the mail worker (functions/src/mailOutbox/handler.ts) —
 * retrying a failed batch (or a partial batch failure's records) a few times like the mapping does. Like the
 * schedules in AWS, it also calls each handler with a scheduled event at start and then every minute (stalled
 * cleanups resumed, mails due for another attempt sent). It
 * reads each shard from its oldest record, as the mapping does (TRIM_HORIZON): a record of a step already taken
 * finds the cleanup moved on and does nothing.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { matchesStreamFilter } from '@sitewalk/functions/cleanup/stream-filter';
import { matchesMailStreamFilter } from '@sitewalk/functions/mailOutbox/stream-filter';
import type { StandInsInfo } from './standins/index.ts';

export interface StreamWorker {
  stop: () => Promise<void>;
}

export interface StreamWorkerOptions {
  standIns: StandInsInfo;
  tableName: string;
  /** Milliseconds between polls when the stream was quiet. */
  pollMs?: number;
  /** Milliseconds between sweeps (stalled cleanups, mails due again; AWS: every five minutes and every minute). */
  sweepMs?: number;
  log?: (line: string) => void;
}

/** As the mapping in AWS: a failing batch or record is retried, then given up (its work is resumed by a sweep). */
export const ATTEMPTS = 3;

/** A worker on the stream: the records it takes (its mapping's filter) and its Lambda handler. */
interface Consumer {
  matches: (record: DynamoDBRecord) => boolean;
  handler: (
    event: DynamoDBStreamEvent | ScheduledEvent,
  ) => Promise<{ batchItemFailures: { itemIdentifier: string }[] } | undefined | void>;
}

export interface Shard {
  iterator?: string;
  lastSequenceNumber?: string;
}

/**
 * After a failed read of a shard: its iterator is fetched again, after the last record handled (an expired or
 * lost iterator); or from the oldest record kept when that record is no longer in the stream (trimmed: a host
 * left running past the stream's retention), which asking after it again would fail on every poll.
 */
export const recoverShard = (shard: Shard, error: unknown) => {
  delete shard.iterator;
  if ((error as { name?: unknown } | null)?.name === 'TrimmedDataAccessException') {
    delete shard.lastSequenceNumber;
  }
};

/**
 * Calls a stream worker's handler as the event source mapping does: a batch whose handler throws is tried again
 * whole; with a partial batch failure only the records it names are (the others are not handled twice). After
 * `ATTEMPTS` tries it is given up and logged.
 */
export const invokeAsTheMapping = async (
  handler: Consumer['handler'],
  event: DynamoDBStreamEvent | ScheduledEvent,
  log: (line: string) => void,
): Promise<void> => {
  let next = event;
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await handler(next);
      const failed = new Set(answer?.batchItemFailures.map((f) => f.itemIdentifier) ?? []);
      if (failed.size === 0 || !('Records' in next)) return;
      next = { Records: next.Records.filter((r) => failed.has(r.dynamodb?.SequenceNumber ?? '')) };
      throw new Error(`${failed.size} records failed`);
    } catch (error) {
      if (attempt === ATTEMPTS) {
        log(`stream worker: gave up after ${ATTEMPTS} attempts: ${String(error)}`);
        return;
      }
    }
  }
};

export const startStreamWorker = async (options: StreamWorkerOptions): Promise<StreamWorker> => {
  const { standIns, tableName, pollMs = 200, sweepMs = 60_000 } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const config = { region: standIns.region, credentials: standIns.credentials };
  const dynamodb = new DynamoDBClient({ ...config, endpoint: standIns.endpoints.dynamodb });
  const streams = new DynamoDBStreamsClient({ ...config, endpoint: standIns.endpoints.dynamodb });
  const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
  dynamodb.destroy();
  const StreamArn = Table?.LatestStreamArn;
  if (!StreamArn) throw new Error(`The table ${tableName} has no stream`);
  // Imported now: the handler modules read the environment (table, bucket) when they load, as on a cold start.
  const consumers: Consumer[] = [
    { matches: matchesStreamFilter, ...(await import('@sitewalk/functions/cleanup/handler')) },
    { matches: matchesMailStreamFilter, ...(await import('@sitewalk/functions/mailOutbox/handler')) },
  ];

  const shards = new Map<string, Shard>();
  const finished = new Set<string>();

  const invoke = (handler: Consumer['handler'], event: DynamoDBStreamEvent | ScheduledEvent) =>
    invokeAsTheMapping(handler, event, log);

  const iteratorOf = async (shardId: string, shard: Shard) =>
    (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn,
          ShardId: shardId,
          // From the oldest record kept, as the mapping in AWS starts: a record seen again does nothing.
          ...(shard.lastSequenceNumber
            ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.lastSequenceNumber }
            : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      )
    ).ShardIterator;

  /** One pass over every open shard; answers whether any record came. */
  const poll = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
    for (const { ShardId } of StreamDescription?.Shards ?? []) {
      if (ShardId && !finished.has(ShardId) && !shards.has(ShardId)) shards.set(ShardId, {});
    }
    let busy = false;
    for (const [shardId, shard] of shards) {
      try {
        busy = (await pollShard(shardId, shard)) || busy;
      } catch (error) {
        recoverShard(shard, error);
        log(`stream worker: shard ${shardId}: ${String(error)}`);
      }
    }
    return busy;
  };

  /** One read of a shard, its records handed to the consumers; answers whether any came. */
  const pollShard = async (shardId: string, shard: Shard) => {
    shard.iterator ??= await iteratorOf(shardId, shard);
    if (!shard.iterator) return false;
    const answer = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }));
    const records = answer.Records ?? [];
    shard.iterator = answer.NextShardIterator;
    if (!shard.iterator) {
      shards.delete(shardId);
      finished.add(shardId);
    }
    if (records.length === 0) return false;
    shard.lastSequenceNumber = records.at(-1)?.dynamodb?.SequenceNumber;
    // The SDK's record is the Lambda event's record (its date a Date rather than seconds, which nobody reads).
    const lambdaRecords = records.map((record: _Record) => record as unknown as DynamoDBRecord);
    for (const { matches, handler } of consumers) {
      const matching = lambdaRecords.filter(matches);
      if (matching.length > 0) await invoke(handler, { Records: matching });
    }
    return true;
  };

  const sweep = async () => {
    for (const { handler } of consumers)
      await invoke(handler, { 'detail-type': 'Scheduled Event' } as ScheduledEvent);
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastSweep = 0;
  const loop = () => {
    running = (async () => {
      let busy = false;
      try {
        if (Date.now() - lastSweep >= sweepMs) {
          lastSweep = Date.now();
          await sweep();
        }
        busy = await poll();
      } catch (error) {
        // The stream could not be described, or a sweep failed: every iterator is fetched again.
        for (const shard of shards.values()) recoverShard(shard, error);
        log(`stream worker: ${String(error)}`);
      }
      if (!stopped) timer = setTimeout(loop, busy ? 0 : pollMs);
    })();
  };
  loop();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      streams.destroy();
    },
  };
};
