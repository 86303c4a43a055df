/**
 * Uploads in the browser journeys. Files go from the browser to the storage by presigned PUT, and are shown
 * from presigned GETs: locally on the host's own origin, which forwards them to the S3 stand-in
 * (infra/local/storage-proxy.ts), so a journey needs nothing to reach them. `allowStorage` also lets the page
 * reach the stand-in's own port (and only it); no URL the app is given names that port any more.
 */
import { PNG } from 'pngjs';
import { e2e, type Journey } from './journey.ts';

/** A small real PNG made here: a 48 × 48 square in two colours (a logo or profile picture a browser can show). */
export const logoPng = (): Buffer => {
  const size = 48;
  const image = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inner = x > 11 && x < 36 && y > 11 && y < 36;
      image.data.set(inner ? [255, 255, 255, 255] : [21, 101, 192, 255], (y * size + x) * 4);
    }
  }
  return PNG.sync.write(image);
};

/** Lets the journey's browser reach the storage stand-in (and only it) besides the host; call before uploading. */
export const allowStorage = async (journey: Journey) => {
  const storage = new URL(e2e().env.S3_ENDPOINT ?? '');
  await journey.context.route(
    (url) => url.origin === storage.origin,
    (route) => route.continue(),
  );
};
