import { downscalePhoto, type ShrinkResult } from './downscale.ts';

/** One photo to shrink, and the answer, matched by `id` (shrink-photo.ts). */
export interface ShrinkRequest {
  id: number;
  file: Blob;
}
export interface ShrinkAnswer {
  id: number;
  result: ShrinkResult;
}

// The app's TypeScript knows the DOM, not a worker's global scope: only the two members used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ShrinkRequest>) => void) | null;
  postMessage: (answer: ShrinkAnswer) => void;
};

scope.onmessage = ({ data: { id, file } }) => {
  // A browser without OffscreenCanvas in workers throws here: the photo is then one it cannot shrink.
  void downscalePhoto(file)
    .catch((): ShrinkResult => ({ kind: 'undecodable' }))
    .then((result) => scope.postMessage({ id, result }));
};
