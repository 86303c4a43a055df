/**
 * The worker thread of the local text reader (text-reader-thread.ts): every piece of image work (decoding,
 * thresholds, finding character runs, and tesseract.js, which runs its own worker from here) happens off the
 * host's main thread. Plain JavaScript so that Node starts it as it is; it registers tsx to load the reader.
 */
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { createTextReader } = await import('./text-reader.ts');
const reader = createTextReader();

parentPort.on('message', async ({ id, image, close }) => {
  if (close) {
    await reader.close().catch(() => undefined);
    parentPort.postMessage({ id, closed: true });
    return;
  }
  try {
    parentPort.postMessage({ id, words: await reader.read(Buffer.from(image)) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
