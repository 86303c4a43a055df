import { describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_MAX_AGE_MS, startEarly, takeEarlyAnswer } from './early-requests.ts';

const POST = { method: 'POST' } as const;

describe('a request started before the app loaded', () => {
  it('is sent at once, and its answer is handed once to the same method and address', async () => {
    const answer = new Response('{}', { status: 200 });
    const fetchFn = vi.fn(async () => answer);
    startEarly('/api/early/one', POST, fetchFn);
    expect(fetchFn).toHaveBeenCalledWith('/api/early/one', POST);

    expect(takeEarlyAnswer('GET', '/api/early/one')).toBeUndefined();
    expect(takeEarlyAnswer('POST', '/api/early/other')).toBeUndefined();
    await expect(takeEarlyAnswer('post', '/api/early/one')).resolves.toBe(answer);
    // A later call of the same request is the app's own.
    expect(takeEarlyAnswer('POST', '/api/early/one')).toBeUndefined();
  });

  it('hands over its network error, and does not raise it while nobody has asked', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startEarly('/api/early/offline', POST, async () => {
        throw new TypeError('Failed to fetch');
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(takeEarlyAnswer('POST', '/api/early/offline')).rejects.toBeInstanceOf(TypeError);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is dropped once older than the start (not handed to a call long after)', () => {
    let now = 1_000;
    startEarly(
      '/api/early/stale',
      POST,
      async () => new Response('{}'),
      () => now,
    );
    now += EARLY_ANSWER_MAX_AGE_MS + 1;
    expect(takeEarlyAnswer('POST', '/api/early/stale', () => now)).toBeUndefined();
  });
});
