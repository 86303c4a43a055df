/**
 * How many reads one request keeps in flight per fan-out. The Lambda's (and the local host's) DynamoDB
 * client shares its sockets between requests; a request that queued one read per item of a long list held
 * every other request behind it. Nested fan-outs multiply (two levels: at most 8 × 8 in flight).
 */
export const FAN_OUT_CONCURRENCY = 8;

/**
 * Like `Promise.all(items.map(fn))`, answering in the items' order, but with at most `concurrency` calls
 * of `fn` running at once. The first failure rejects; calls already running finish, no new one starts.
 */
export const mapBounded = async <T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
  concurrency = FAN_OUT_CONCURRENCY,
): Promise<R[]> => {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, not ${concurrency}`);
  }
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
};
