import { describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import type { ShrinkPhoto } from '../photos/shrink-photo.ts';
import { preparePhoto } from './photo-file.ts';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const smaller = new Blob(['smaller'], { type: 'image/jpeg' });
const shrunk: ShrinkPhoto = async () => ({ kind: 'shrunk', blob: smaller, width: 2048, height: 1536 });
const fits: ShrinkPhoto = async () => ({ kind: 'fits' });
const undecodable: ShrinkPhoto = async () => ({ kind: 'undecodable' });

describe('preparing a photo to queue', () => {
  it('queues the smaller JPEG, whatever the original was (a GIF or HEIC the browser opens becomes JPEG)', async () => {
    for (const original of [
      file('a.jpg', 'image/jpeg'),
      file('b.png', 'image/png'),
      file('c.heic', 'image/heic'),
    ]) {
      expect(await preparePhoto(original, shrunk)).toEqual({
        blob: smaller,
        contentType: 'image/jpeg',
        notice: null,
      });
    }
  });

  it('keeps a small JPEG or PNG as it is, and still refuses a small file of a type the API does not take', async () => {
    const png = file('gate.png', 'image/png');
    expect(await preparePhoto(png, fits)).toEqual({ blob: png, contentType: 'image/png', notice: null });
    expect(await preparePhoto(file('x.gif', 'image/gif'), fits)).toEqual({
      problem: messages.upload.invalidFileType,
    });
  });

  it('sends an undecodable JPEG as taken with a notice within the limit; over it, or not JPEG/PNG, refuses', async () => {
    const odd = file('odd.jpg', 'image/jpeg');
    expect(await preparePhoto(odd, undecodable)).toEqual({
      blob: odd,
      contentType: 'image/jpeg',
      notice: messages.photo.sentAsTaken,
    });
    expect(await preparePhoto(file('big.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1), undecodable)).toEqual({
      problem: messages.photo.unreadableTooLarge,
    });
    expect(await preparePhoto(file('IMG.HEIC', 'image/heic'), undecodable)).toEqual({
      problem: messages.photo.unreadable,
    });
    expect(await preparePhoto(file('IMG.HEIC', ''), undecodable)).toEqual({
      problem: messages.photo.unreadable,
    });
  });

  it('treats a worker that fails as a photo it cannot shrink, and refuses an empty file', async () => {
    const failing: ShrinkPhoto = () => Promise.reject(new Error('worker gone'));
    const odd = file('odd.jpg', 'image/jpeg');
    expect(await preparePhoto(odd, failing)).toMatchObject({ blob: odd, notice: messages.photo.sentAsTaken });
    expect(await preparePhoto(file('empty.jpg', 'image/jpeg', 0), undecodable)).toEqual({
      problem: 'The file is empty',
    });
  });

  it('refuses what is not an image without trying to decode it', async () => {
    const shrink = vi.fn(shrunk);
    expect(await preparePhoto(file('notes.pdf', 'application/pdf'), shrink)).toEqual({
      problem: messages.upload.selectImage,
    });
    expect(shrink).not.toHaveBeenCalled();
  });

  it('refuses a smaller file that is somehow still over the limit', async () => {
    const huge = new Blob([new Uint8Array(PHOTO_MAX_BYTES + 1)], { type: 'image/jpeg' });
    const result = await preparePhoto(file('a.jpg', 'image/jpeg'), async () => ({
      kind: 'shrunk',
      blob: huge,
      width: 2048,
      height: 2048,
    }));
    expect(result).toEqual({ problem: messages.upload.fileTooLarge });
  });
});
