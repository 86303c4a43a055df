import { describe, expect, it } from 'vitest';
import { UPLOAD_TRIES, uploadDemoPhoto } from './upload.ts';

const SIGNED = 'http://127.0.0.1:9/bucket/key.png?X-Amz-Signature=secret-signature';

/** A storage whose presigned URLs are counted, and a fetch that answers each try as told. */
const harness = (answers: (number | Error)[]) => {
  const presigned: string[] = [];
  const puts: RequestInit[] = [];
  const storage = {
    presignUpload: async ({ key }: { key: string }) => {
      presigned.push(key);
      return {
        key,
        uploadUrl: SIGNED,
        headers: { 'content-type': 'image/png', 'content-length': '3', 'if-none-match': '*' as const },
        expiresIn: 60,
      };
    },
  };
  const fetch = (async (_url: string, init: RequestInit) => {
    puts.push(init);
    const answer = answers.shift();
    if (answer === undefined) throw new Error('more tries than answers');
    if (answer instanceof Error) throw answer;
    return new Response(null, { status: answer });
  }) as unknown as typeof globalThis.fetch;
  return { storage, fetch, presigned, puts };
};

const dropped = () => new TypeError('fetch failed', { cause: new Error('other side closed') });
const body = Buffer.from('png');

describe('uploading a demo photo', () => {
  it('puts the bytes once when the first try lands', async () => {
    const { storage, fetch, puts } = harness([200]);
    await uploadDemoPhoto(storage, 'k/1.png', body, { fetch, pauseMs: 0 });
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ method: 'PUT', body });
  });

  it('tries a dropped connection and a 5xx again, each with a new URL', async () => {
    const { storage, fetch, presigned } = harness([dropped(), 503, 200]);
    await uploadDemoPhoto(storage, 'k/1.png', body, { fetch, pauseMs: 0 });
    expect(presigned).toEqual(['k/1.png', 'k/1.png', 'k/1.png']);
  });

  it('takes a 412 on a later try as the earlier try having landed (the URL writes once)', async () => {
    const { storage, fetch, puts } = harness([dropped(), 412]);
    await uploadDemoPhoto(storage, 'k/1.png', body, { fetch, pauseMs: 0 });
    expect(puts).toHaveLength(2);
  });

  it('gives up after UPLOAD_TRIES, saying why without the signed URL', async () => {
    const { storage, fetch, puts } = harness(Array.from({ length: UPLOAD_TRIES }, dropped));
    const failure = uploadDemoPhoto(storage, 'k/1.png', body, { fetch, pauseMs: 0 });
    await expect(failure).rejects.toThrow(
      `Uploading the demo photo k/1.png failed (fetch failed: other side closed) after ${UPLOAD_TRIES} tries`,
    );
    await expect(failure).rejects.not.toThrow(/Signature|secret/);
    expect(puts).toHaveLength(UPLOAD_TRIES);
  });

  it('does not try a refused upload again (a 4xx, a 412 on the first try among them)', async () => {
    for (const status of [403, 412]) {
      const { storage, fetch, puts } = harness([status, 200]);
      await expect(uploadDemoPhoto(storage, 'k/1.png', body, { fetch, pauseMs: 0 })).rejects.toThrow(
        `Uploading the demo photo k/1.png failed (HTTP ${status}) after 1 try`,
      );
      expect(puts).toHaveLength(1);
    }
  });
});
