/** How long a latency bench calls what it measures, untimed, before measuring (BENCH_WARMUP_MS). */
export const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 15_000);

/**
 * Calls each of `calls` in turn, untimed, for `ms`: a latency bench measures the steady state. DynamoDB Local is
 * a JVM started for the bench, compiling its hot paths over its first thousand or so requests (measured: a
 * GetItem's median 5.0 ms and p95 12.9 ms in the first 300, 2.1 ms and 5 ms from the 1,200th on), and the host's
 * own code warms the same way; a deployed DynamoDB and a warm Lambda are past that.
 */
export const warmUp = async (calls: readonly (() => Promise<unknown>)[], ms = WARMUP_MS) => {
  const until = performance.now() + ms;
  while (performance.now() < until) for (const call of calls) await call();
};
