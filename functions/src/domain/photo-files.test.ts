import { describe, expect, it } from 'vitest';
import { cameraInstant, differenceHash, evidenceOf } from './photo-files.ts';

describe("a camera's time", () => {
  it.each([
    // [EXIF DateTimeOriginal, OffsetTimeOriginal, zone, instant]
    ['2026:11:24 10:15:30', undefined, 'America/Los_Angeles', '2026-11-24T18:15:30.000Z'],
    ['2026:07:04 10:15:30', undefined, 'America/Los_Angeles', '2026-07-04T17:15:30.000Z'], // summer time
    ['2026:11:24 10:15:30', '-05:00', 'America/Los_Angeles', '2026-11-24T15:15:30.000Z'], // its own offset wins
    ['2026:11:24 10:15:30', '+00:00', 'UTC', '2026-11-24T10:15:30.000Z'],
    ['2026:11:24 10:15:30', 'nonsense', 'UTC', '2026-11-24T10:15:30.000Z'], // a bad offset is ignored
    ['2026:03:08 02:30:00', undefined, 'America/New_York', '2026-03-08T07:30:00.000Z'], // a skipped hour
  ])('%s %s in %s is %s', (dateTime, offset, zone, instant) => {
    expect(cameraInstant(dateTime, offset, zone)).toBe(instant);
  });

  it.each([
    undefined,
    '',
    'yesterday',
    '2026-11-24',
    '2026:13:01 10:00:00',
    '2026:11:24 24:00:00',
    '0000:00:00 00:00:00',
  ])('%o is no time', (dateTime) => {
    expect(cameraInstant(dateTime, undefined, 'UTC')).toBeNull();
  });
});

describe('the difference hash', () => {
  const raster = (width: number, height: number, grey: (x: number, y: number) => number) => {
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) data.fill(grey(x, y), (y * width + x) * 4, (y * width + x) * 4 + 3);
    return { width, height, data };
  };

  it('is 64 bits: all ones for brightness falling to the right, all zeros for rising or flat', () => {
    expect(differenceHash(raster(90, 80, (x) => 255 - x * 2))).toBe('ffffffffffffffff');
    expect(differenceHash(raster(90, 80, (x) => x * 2))).toBe('0000000000000000');
    expect(differenceHash(raster(90, 80, () => 128))).toBe('0000000000000000');
  });

  it('is the same for the picture at another size, and works on pictures smaller than its grid', () => {
    // Blocks of grey, one per cell of the hash's grid, whatever the size.
    const picture = (scale: number) =>
      raster(90 * scale, 80 * scale, (x, y) => {
        const [column, row] = [Math.floor(x / (10 * scale)), Math.floor(y / (10 * scale))];
        return (column * 37 + row * 91) % 200;
      });
    expect(differenceHash(picture(1))).toBe(differenceHash(picture(3)));
    expect(differenceHash(raster(1, 1, () => 10))).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("a file's evidence", () => {
  it.each([
    ['empty', new Uint8Array()],
    ['text', new TextEncoder().encode('hello')],
    ['a JPEG header only', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])],
    ['a PNG signature only', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ])('of %s is nothing, never an error', async (_, bytes) => {
    expect(await evidenceOf(bytes, 'UTC')).toEqual({ takenAt: null, lat: null, lng: null, hash: null });
  });
});
