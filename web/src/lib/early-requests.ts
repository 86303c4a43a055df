/**
 * Requests the SPA's document starts before the app's code has loaded (main.tsx, which imports nothing else
 * before them), so that their answers travel while the scripts load and run; the app's own call of the same
 * request (lib/api.ts) takes the answer instead of asking again. Nothing here may import anything: this
 * module runs before the app's chunks are there.
 */

/** Older than this, an answer not taken is dropped: it was the start's, not a later call's. */
export const EARLY_ANSWER_MAX_AGE_MS = 60_000;

interface Started {
  answer: Promise<Response>;
  at: number;
}

const started = new Map<string, Started>();

const keyOf = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/**
 * Sends the request now; `takeEarlyAnswer` hands its answer (or its network error) to the app, once. Returns
 * the answer, for what the document starts from it (its body is the app's: read a clone).
 */
export const startEarly = (
  url: string,
  init: RequestInit & { method: string },
  fetchFn: typeof fetch = fetch,
  now: () => number = Date.now,
): Promise<Response> => {
  const answer = fetchFn(url, init);
  // Held until the app asks; a network error is the app's to handle then (an offline start).
  answer.catch(() => undefined);
  started.set(keyOf(init.method, url), { answer, at: now() });
  return answer;
};

/** The answer of the request started early with this method and URL, once and while fresh; else undefined. */
export const takeEarlyAnswer = (
  method: string,
  url: string,
  now: () => number = Date.now,
): Promise<Response> | undefined => {
  const key = keyOf(method, url);
  const early = started.get(key);
  started.delete(key);
  return early && now() - early.at <= EARLY_ANSWER_MAX_AGE_MS ? early.answer : undefined;
};
