import { useEffect } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';

/**
 * The base map of a walk kept on the device (docs/recorder.md, "The base map offline"): when the recorder
 * opens a walk online, every file MapLibre needs to draw the walk's area is asked for once — the style, the
 * TileJSON of its sources, its sprite, the glyphs of its labels' fonts and the tiles of the walk's box plus a
 * margin at the zooms the recorder shows. The service worker's map route (web/pwa.config.ts) keeps what it
 * fetches, for a bounded time and count, so the map draws with no network even though in AWS the style is
 * Amazon Location's, on another origin. Nothing here writes a cache itself: the worker is the one place
 * that decides what is kept and for how long.
 */

/** West, south, east, north in degrees. */
export type Bounds = readonly [west: number, south: number, east: number, north: number];

/** The map zooms the recorder shows a walk at: its whole-walk view (fitted, at most 19) and a little out. */
export const OFFLINE_ZOOMS = { min: 14, max: 19 } as const;
/** Around the walk's box: the walker sees past the first and last marker. */
export const OFFLINE_MARGIN_METRES = 200;
/** At most this many tiles for one walk (a facility's box at the zooms above needs a few hundred). */
export const MAX_OFFLINE_TILES = 600;
/** Files asked for at once. */
const PARALLEL = 6;
/** The first 256 code points, general punctuation (’ – …) and Latin-1's neighbour: what Latin labels use. */
const GLYPH_RANGES = ['0-255', '256-511', '8192-8447'] as const;
/** MapLibre's tiles are 512 px at their zoom; a 256 px tile source is read one zoom deeper. */
const MAP_TILE_SIZE = 512;
/** The performance mark set when a walk's base map has been asked for (the journey waits for it). */
export const OFFLINE_MAP_MARK = 'sitewalk:offline-map-cached';

const METRES_PER_DEGREE_LAT = 111_320;

/** The box around these points, `margin` metres wider on every side. */
export const boundsAround = (
  points: readonly { lat: number; lng: number }[],
  margin = OFFLINE_MARGIN_METRES,
): Bounds | null => {
  const valid = points.filter(
    ({ lat, lng }) =>
      Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 85 && Math.abs(lng) <= 180,
  );
  if (valid.length === 0) return null;
  const lats = valid.map(({ lat }) => lat);
  const lngs = valid.map(({ lng }) => lng);
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const dLat = margin / METRES_PER_DEGREE_LAT;
  const dLng = margin / (METRES_PER_DEGREE_LAT * Math.cos((((south + north) / 2) * Math.PI) / 180));
  return [
    Math.max(-180, Math.min(...lngs) - dLng),
    Math.max(-85, south - dLat),
    Math.min(180, Math.max(...lngs) + dLng),
    Math.min(85, north + dLat),
  ];
};

const tileX = (lng: number, z: number) => Math.floor(((lng + 180) / 360) * 2 ** z);
const tileY = (lat: number, z: number) => {
  const rad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
};

/** The XYZ tiles covering `bounds` at tile zoom `z`. */
export const tilesOf = (bounds: Bounds, z: number): { z: number; x: number; y: number }[] => {
  const [west, south, east, north] = bounds;
  const last = 2 ** z - 1;
  const clamp = (n: number) => Math.max(0, Math.min(last, n));
  const tiles = [];
  for (let x = clamp(tileX(west, z)); x <= clamp(tileX(east, z)); x++)
    for (let y = clamp(tileY(north, z)); y <= clamp(tileY(south, z)); y++) tiles.push({ z, x, y });
  return tiles;
};

interface TileSource {
  tiles: string[];
  tileSize: number;
  minzoom: number;
  maxzoom: number;
  scheme: 'xyz' | 'tms';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** A source's tile templates and zoom range (from the style, or from its TileJSON when it names one). */
const tileSourceOf = (
  source: Record<string, unknown>,
  tileJson?: Record<string, unknown>,
): TileSource | null => {
  const spec = { ...tileJson, ...source };
  const tiles = (tileJson?.['tiles'] ?? source['tiles']) as unknown;
  if (!Array.isArray(tiles) || !tiles.every((tile) => typeof tile === 'string') || tiles.length === 0)
    return null;
  return {
    tiles,
    // The style spec's default for raster and vector sources alike.
    tileSize: numberOr(spec['tileSize'], MAP_TILE_SIZE),
    minzoom: numberOr(spec['minzoom'], 0),
    maxzoom: numberOr(spec['maxzoom'], 22),
    scheme: spec['scheme'] === 'tms' ? 'tms' : 'xyz',
  };
};

/**
 * The tile URLs of one source for the box at the map zooms: MapLibre reads a source of `tileSize` px at map
 * zoom + log2(512 / tileSize), never deeper than the source's maxzoom (it overzooms that tile) nor above its
 * minzoom. Lower zooms first; stops before `budget` tiles.
 */
export const tileUrlsOf = (
  source: TileSource,
  bounds: Bounds,
  zooms: { min: number; max: number },
  budget: number,
  pixelRatio = 1,
): string[] => {
  const shift = Math.log2(MAP_TILE_SIZE / source.tileSize);
  const from = Math.max(source.minzoom, Math.floor(zooms.min + shift));
  const to = Math.min(source.maxzoom, Math.ceil(zooms.max + shift));
  const urls: string[] = [];
  for (let z = Math.max(0, from); z <= to; z++) {
    const tiles = tilesOf(bounds, z);
    if (urls.length + tiles.length > budget) break;
    for (const [i, { x, y }] of tiles.entries()) {
      // MapLibre spreads tiles over a source's URLs by their coordinates; any one of them is asked for.
      const template = source.tiles[(x + y + i) % source.tiles.length]!;
      const row = source.scheme === 'tms' ? 2 ** z - 1 - y : y;
      urls.push(
        template
          .replace('{z}', String(z))
          .replace('{x}', String(x))
          .replace('{y}', String(row))
          .replace('{ratio}', pixelRatio > 1 ? '@2x' : ''),
      );
    }
  }
  return urls;
};

/** The operators an expression for `text-font` may start with (a font list is strings, and so is its head). */
const EXPRESSION_HEADS = new Set([
  'literal',
  'step',
  'match',
  'case',
  'coalesce',
  'get',
  'interpolate',
  'let',
  'var',
]);

/**
 * The font stacks the style's labels use: `text-font` as a list of fonts, or the `literal` lists inside an
 * expression (`['step', ['zoom'], ['literal', [...]], …]`).
 */
export const fontStacksOf = (layers: unknown): string[] => {
  const stacks = new Set<string>();
  const isFontList = (value: unknown): value is string[] =>
    Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
  const visitExpression = (value: unknown) => {
    if (!Array.isArray(value)) return;
    if (value[0] === 'literal') {
      if (isFontList(value[1])) stacks.add(value[1].join(','));
      return;
    }
    for (const item of value.slice(1)) visitExpression(item);
  };
  if (!Array.isArray(layers)) return [];
  for (const layer of layers) {
    const font = isRecord(layer) && isRecord(layer['layout']) ? layer['layout']['text-font'] : undefined;
    if (isFontList(font) && !EXPRESSION_HEADS.has(font[0]!)) stacks.add(font.join(','));
    else visitExpression(font);
  }
  return [...stacks];
};

/** MapLibre's sprite file names: `.json` and `.png`, with `@2x` before them on a sharp screen, query kept. */
export const spriteUrlsOf = (sprite: unknown, pixelRatio = 1): string[] => {
  const bases =
    typeof sprite === 'string'
      ? [sprite]
      : Array.isArray(sprite)
        ? sprite.flatMap((entry) =>
            isRecord(entry) && typeof entry['url'] === 'string' ? [entry['url']] : [],
          )
        : [];
  const format = pixelRatio > 1 ? '@2x' : '';
  return bases.flatMap((base) =>
    ['.json', '.png'].map((extension) => {
      const url = new URL(base);
      url.pathname += `${format}${extension}`;
      return url.toString();
    }),
  );
};

export interface OfflineMapResult {
  /** Every URL asked for, the style first. */
  requested: string[];
  /** Those that did not answer 200. */
  failed: string[];
}

/** Asks for `urls`, a few at a time; a failure is counted, never thrown. */
const fetchAll = async (urls: readonly string[], fetcher: typeof fetch): Promise<string[]> => {
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      try {
        const response = await fetcher(url, { mode: 'cors', credentials: 'omit' });
        // The body is read so the worker's cache receives it whole.
        await response.arrayBuffer();
        if (response.status !== 200) failed.push(url);
      } catch {
        failed.push(url);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return failed;
};

/**
 * Asks for everything MapLibre needs to draw `bounds` at `zooms` with the style at `styleUrl` (relative
 * URLs in the style resolve against it, as MapLibre resolves them). A style that does not load or is not a
 * style asks for nothing more.
 */
export const cacheBaseMap = async ({
  styleUrl,
  bounds,
  zooms = OFFLINE_ZOOMS,
  maxTiles = MAX_OFFLINE_TILES,
  pixelRatio = 1,
  fetcher = globalThis.fetch.bind(globalThis),
}: {
  styleUrl: string;
  bounds: Bounds;
  zooms?: { min: number; max: number };
  maxTiles?: number;
  pixelRatio?: number;
  fetcher?: typeof fetch;
}): Promise<OfflineMapResult> => {
  const requested = [styleUrl];
  const getJson = async (url: string): Promise<Record<string, unknown> | null> => {
    try {
      const response = await fetcher(url, { mode: 'cors', credentials: 'omit' });
      if (response.status !== 200) return null;
      const body: unknown = await response.json();
      return isRecord(body) ? body : null;
    } catch {
      return null;
    }
  };
  const style = await getJson(styleUrl);
  if (!style || !isRecord(style['sources'])) return { requested, failed: [styleUrl] };
  // Relative URLs resolve against the style's; a template's {z}/{x}/{y} and {fontstack}/{range} stay as they are.
  const absolute = (url: string) =>
    /^[a-z][a-z0-9+.-]*:/i.test(url)
      ? url
      : new URL(url, styleUrl).toString().replace(/%7B/g, '{').replace(/%7D/g, '}');

  const failed: string[] = [];
  const tileUrls: string[] = [];
  let budget = maxTiles;
  for (const source of Object.values(style['sources'])) {
    if (!isRecord(source)) continue;
    let tileJson: Record<string, unknown> | undefined;
    if (typeof source['url'] === 'string') {
      const url = absolute(source['url']);
      requested.push(url);
      tileJson = (await getJson(url)) ?? undefined;
      if (!tileJson) {
        failed.push(url);
        continue;
      }
    }
    const tiles = tileSourceOf(source, tileJson);
    if (!tiles) continue;
    const urls = tileUrlsOf(
      { ...tiles, tiles: tiles.tiles.map(absolute) },
      bounds,
      zooms,
      budget,
      pixelRatio,
    );
    budget -= urls.length;
    tileUrls.push(...urls);
  }

  const glyphs =
    typeof style['glyphs'] === 'string'
      ? fontStacksOf(style['layers']).flatMap((stack) =>
          GLYPH_RANGES.map((range) =>
            absolute(style['glyphs'] as string)
              .replace('{fontstack}', stack)
              .replace('{range}', range),
          ),
        )
      : [];
  const sprites = spriteUrlsOf(
    typeof style['sprite'] === 'string' ? absolute(style['sprite']) : style['sprite'],
    pixelRatio,
  );
  const files = [...sprites, ...glyphs, ...tileUrls];
  requested.push(...files);
  failed.push(...(await fetchAll(files, fetcher)));
  return { requested, failed };
};

/** Runs `task` once a service worker controls the page (at once if one does; never without one). */
const whenControlled = (task: () => void): (() => void) => {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => undefined;
  if (container.controller) {
    task();
    return () => undefined;
  }
  const onChange = () => task();
  container.addEventListener('controllerchange', onChange, { once: true });
  return () => container.removeEventListener('controllerchange', onChange);
};

/**
 * The recorder's walk, kept for offline: once per walk shown (and style), when the browser is online and a
 * service worker controls the page (without one nothing would be kept, so nothing is fetched).
 */
export const useOfflineBaseMap = (points: readonly { lat: number; lng: number }[]) => {
  const { mapStyleUrl } = useRuntimeConfig();
  const bounds = boundsAround(points);
  const key = bounds ? bounds.map((n) => n.toFixed(5)).join(',') : '';
  useEffect(() => {
    if (!key || typeof navigator === 'undefined' || !navigator.onLine) return;
    const box = key.split(',').map(Number) as unknown as Bounds;
    let cancelled = false;
    const stop = whenControlled(() => {
      if (cancelled) return;
      void cacheBaseMap({ styleUrl: mapStyleUrl, bounds: box, pixelRatio: window.devicePixelRatio }).then(
        () => performance.mark(OFFLINE_MAP_MARK),
      );
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [key, mapStyleUrl]);
};
