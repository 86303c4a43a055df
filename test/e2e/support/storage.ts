/**
 * Uploads in the browser journeys. Files go from the browser straight to the storage by presigned PUT,
 * and are shown from presigned GETs: locally that is the S3 stand-in on its own port, which the journey
 * fixture blocks like anything outside the host. `allowStorage` lets one journey reach it (and only it).
 */
import { deflateSync } from 'node:zlib';
import { e2e, type Journey } from './journey.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A small real PNG made here: a 48 × 48 square in two colours (a logo or profile picture a browser can show). */
export const logoPng = (): Buffer => {
  const size = 48;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y += 1) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const inner = x > 11 && x < 36 && y > 11 && y < 36;
      rows.set(inner ? [255, 255, 255] : [21, 101, 192], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** Lets the journey's browser reach the storage stand-in (and only it) besides the host; call before uploading. */
export const allowStorage = async (journey: Journey) => {
  const storage = new URL(e2e().env.S3_ENDPOINT ?? '');
  await journey.context.route(
    (url) => url.origin === storage.origin,
    (route) => route.continue(),
  );
};
