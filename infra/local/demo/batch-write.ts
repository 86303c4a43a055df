import { mapBounded } from '@sitewalk/functions/domain/fan-out';
import type { Progress } from '../progress.ts';

/** DynamoDB's BatchWriteItem takes at most 25 items. */
const BATCH_SIZE = 25;
/** Batches written at once: enough to keep DynamoDB Local busy on two cores. */
export const BATCHES_IN_FLIGHT = 8;
const ATTEMPTS = 5;

/**
 * Writes items in batches of 25, several in flight: `put` writes one batch (an ElectroDB batch put) and answers
 * what DynamoDB left unprocessed; such a batch is written again (a put twice is the same item). Each batch
 * written counts on `progress`.
 */
export const putInBatches = async <T>(
  items: readonly T[],
  put: (batch: T[]) => Promise<{ unprocessed: unknown[] }>,
  progress?: Progress,
) => {
  const batches = Array.from({ length: Math.ceil(items.length / BATCH_SIZE) }, (_, i) =>
    items.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE),
  );
  await mapBounded(
    batches,
    async (batch) => {
      for (let attempt = 1; (await put(batch)).unprocessed.length > 0; attempt++) {
        if (attempt === ATTEMPTS) throw new Error(`A batch of ${batch.length} items was not written`);
      }
      progress?.add(batch.length);
    },
    BATCHES_IN_FLIGHT,
  );
};
