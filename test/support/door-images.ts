import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { Faker, en } from '@faker-js/faker';

/**
 * Photos of storage-unit doors with their unit numbers, made from a seed: a roll-up door (ribbed, in a
 * storage company's colours) with the number painted on it or on a plate, photographed with tilt, blur,
 * glare and low light, and sometimes a small sign beside it. The same seed gives the same images, so the
 * unit reader's exact-match rate is measured on a fixed set (test/bench/unit-reading.bench.ts).
 */
export interface DoorImage {
  /** The number on the door. */
  unit: string;
  jpeg: Buffer;
  /** What made this one hard, for the bench's table. */
  conditions: { tiltDegrees: number; blurPx: number; glare: number; darkness: number; plate: boolean };
}

const fonts = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
GlobalFonts.registerFromPath(join(fonts, 'DejaVuSans-Bold.ttf'), 'Door Sans');
GlobalFonts.registerFromPath(join(fonts, 'DejaVuSansCondensed-Bold.ttf'), 'Door Condensed');
GlobalFonts.registerFromPath(join(fonts, 'DejaVuSans.ttf'), 'Sign Sans');

const DOOR_COLOURS = ['#d9661f', '#1f5fa8', '#8c8f93', '#2f7d4a', '#b3262d', '#c9a227', '#e8e6df'];
const WIDTH = 640;
const HEIGHT = 480;

/** The roll-up door: a frame, horizontal ribs shaded like corrugated steel, a handle at the bottom. */
const drawDoor = (ctx: SKRSContext2D, colour: string, f: Faker) => {
  ctx.fillStyle = '#5b5e61';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  const inset = f.number.int({ min: 20, max: 60 });
  ctx.fillStyle = colour;
  ctx.fillRect(inset, inset / 2, WIDTH - 2 * inset, HEIGHT - inset / 2);
  const rib = f.number.int({ min: 18, max: 30 });
  for (let y = inset / 2; y < HEIGHT; y += rib) {
    const shade = ctx.createLinearGradient(0, y, 0, y + rib);
    shade.addColorStop(0, 'rgba(255,255,255,0.18)');
    shade.addColorStop(0.5, 'rgba(0,0,0,0)');
    shade.addColorStop(1, 'rgba(0,0,0,0.22)');
    ctx.fillStyle = shade;
    ctx.fillRect(inset, y, WIDTH - 2 * inset, rib);
  }
  ctx.fillStyle = '#333';
  ctx.fillRect(WIDTH / 2 - 40, HEIGHT - 40, 80, 12);
};

/** One door photo of `unit` under these conditions, every other choice drawn from `f`. */
const drawDoorPhoto = (f: Faker, unit: string, conditions: DoorImage['conditions']): Buffer => {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  const colour = f.helpers.arrayElement(DOOR_COLOURS);
  ctx.save();
  // The camera is tilted: the whole scene turns about a point near the middle.
  ctx.translate(WIDTH / 2, HEIGHT / 2);
  ctx.rotate((conditions.tiltDegrees * Math.PI) / 180);
  ctx.translate(-WIDTH / 2, -HEIGHT / 2);
  ctx.filter = conditions.blurPx > 0 ? `blur(${conditions.blurPx}px)` : 'none';
  drawDoor(ctx, colour, f);

  const size = f.number.int({ min: 64, max: 120 });
  ctx.font = `${size}px "${f.helpers.arrayElement(['Door Sans', 'Door Condensed'])}"`;
  const width = ctx.measureText(unit).width;
  const x = f.number.int({ min: 90, max: Math.max(91, WIDTH - 90 - width) });
  const y = f.number.int({ min: 70 + size, max: HEIGHT - 90 });
  const light = colour === '#e8e6df' || colour === '#c9a227';
  if (conditions.plate) {
    ctx.fillStyle = f.helpers.arrayElement(['#f4f4f0', '#f2d23c']);
    ctx.fillRect(x - 18, y - size * 0.95, width + 36, size * 1.2);
    ctx.fillStyle = '#111';
  } else {
    ctx.fillStyle = light ? '#111' : '#f8f8f8';
  }
  ctx.fillText(unit, x, y);
  if (f.datatype.boolean(0.3)) {
    // A small sign: text the reader must not take for the unit.
    ctx.font = '16px "Sign Sans"';
    ctx.fillStyle = light ? '#222' : '#eee';
    ctx.fillText(
      f.helpers.arrayElement(['NO SMOKING', 'KEEP CLEAR', 'LOCK ON RIGHT', 'SELF STORAGE']),
      70,
      60,
    );
  }
  ctx.restore();
  ctx.filter = 'none';

  if (conditions.glare > 0) {
    const gx = f.number.int({ min: 0, max: WIDTH });
    const gy = f.number.int({ min: 0, max: HEIGHT });
    const glare = ctx.createRadialGradient(gx, gy, 10, gx, gy, f.number.int({ min: 120, max: 260 }));
    glare.addColorStop(0, `rgba(255,255,255,${conditions.glare})`);
    glare.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = glare;
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
  }
  if (conditions.darkness > 0) {
    ctx.fillStyle = `rgba(0,0,0,${conditions.darkness})`;
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    // A dark photo is a noisy one.
    const image = ctx.getImageData(0, 0, WIDTH, HEIGHT);
    for (let i = 0; i < image.data.length; i += 4) {
      const noise = (f.number.float() - 0.5) * 40 * conditions.darkness;
      for (let c = 0; c < 3; c += 1)
        image.data[i + c] = Math.max(0, Math.min(255, image.data[i + c]! + noise));
    }
    ctx.putImageData(image, 0, 0);
  }
  return canvas.toBuffer('image/jpeg', 85);
};

export const doorImages = (seed: number, count: number): DoorImage[] => {
  const f = new Faker({ locale: [en], seed });
  return Array.from({ length: count }, () => {
    const unit = String(
      f.helpers.weightedArrayElement([
        { weight: 2, value: f.number.int({ min: 1, max: 99 }) },
        { weight: 5, value: f.number.int({ min: 100, max: 999 }) },
        { weight: 3, value: f.number.int({ min: 1000, max: 4999 }) },
      ]),
    );
    const conditions = {
      tiltDegrees: f.number.float({ min: -12, max: 12, fractionDigits: 1 }),
      blurPx: f.number.float({ min: 0, max: 2.5, fractionDigits: 1 }),
      glare: f.number.float({ min: 0, max: 0.55, fractionDigits: 2 }),
      darkness: f.number.float({ min: 0, max: 0.6, fractionDigits: 2 }),
      plate: f.datatype.boolean(),
    };
    return { unit, jpeg: drawDoorPhoto(f, unit, conditions), conditions };
  });
};

/**
 * A plain, well-lit photo of the door of `unit` (a number on a plate, the camera a little tilted): for journeys
 * that photograph the unit they were asked for.
 */
export const doorPhotoOf = (unit: string, seed = 1): Buffer =>
  drawDoorPhoto(new Faker({ locale: [en], seed }), unit, {
    tiltDegrees: 3,
    blurPx: 0.5,
    glare: 0,
    darkness: 0,
    plate: true,
  });
