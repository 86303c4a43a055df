import { setTimeout as sleep } from 'node:timers/promises';
import type { Storage } from '@sitewalk/functions/ports/storage';

/** Tries of one demo photo's upload: the storage stand-in may close a kept-alive socket a PUT goes out on. */
export const UPLOAD_TRIES = 3;

export interface UploadOptions {
  fetch?: typeof fetch;
  /** Milliseconds before a second try (doubled before a third). */
  pauseMs?: number;
}

/**
 * Puts one demo photo through a presigned URL, as a phone does. A dropped connection or a 5xx is tried again
 * with a new URL, up to UPLOAD_TRIES times; the URL writes once, so a 412 on a later try means an earlier one
 * landed. The error names the object's key and the reason, never the URL (it carries a signature).
 */
export const uploadDemoPhoto = async (
  storage: Pick<Storage, 'presignUpload'>,
  key: string,
  body: Buffer,
  { fetch: doFetch = fetch, pauseMs = 250 }: UploadOptions = {},
) => {
  for (let attempt = 1; ; attempt++) {
    const ticket = await storage.presignUpload({
      key,
      contentType: 'image/png',
      contentLength: body.length,
      expiresIn: 60,
    });
    const failure = await doFetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body }).then(
      (response) => {
        if (response.ok || (attempt > 1 && response.status === 412)) return null;
        return { reason: `HTTP ${response.status}`, again: response.status >= 500 };
      },
      (error: unknown) => ({ reason: connectionFailure(error), again: true }),
    );
    if (!failure) return;
    if (!failure.again || attempt === UPLOAD_TRIES)
      throw new Error(
        `Uploading the demo photo ${key} failed (${failure.reason}) after ${attempt} ${attempt === 1 ? 'try' : 'tries'}`,
      );
    await sleep(pauseMs * 2 ** (attempt - 1));
  }
};

/** What undici says of a failed request ('fetch failed', and its cause: 'other side closed'). */
const connectionFailure = (error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
};
