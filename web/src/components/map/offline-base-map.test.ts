import { describe, expect, it } from 'vitest';
import {
  boundsAround,
  cacheBaseMap,
  fontStacksOf,
  MAX_OFFLINE_TILES,
  spriteUrlsOf,
  tilesOf,
  tileUrlsOf,
  type Bounds,
} from './offline-base-map.ts';

// A storage facility near Fresno: two markers about 300 m apart.
const site = [
  { lat: 36.8, lng: -119.7 },
  { lat: 36.8027, lng: -119.6975 },
];

describe('boundsAround', () => {
  it('is the markers’ box plus the margin in metres on every side', () => {
    const [west, south, east, north] = boundsAround(site, 200)!;
    expect((36.8 - south) * 111_320).toBeCloseTo(200, 0);
    expect((north - 36.8027) * 111_320).toBeCloseTo(200, 0);
    expect((-119.7 - west) * 111_320 * Math.cos((36.80135 * Math.PI) / 180)).toBeCloseTo(200, 0);
    expect(east).toBeGreaterThan(-119.6975);
  });

  it('has no box without a usable point, and skips points that are not positions', () => {
    expect(boundsAround([])).toBeNull();
    expect(
      boundsAround([
        { lat: Number.NaN, lng: 0 },
        { lat: 91, lng: 0 },
      ]),
    ).toBeNull();
    const one = boundsAround(
      [
        { lat: 10, lng: 10 },
        { lat: Number.NaN, lng: 400 },
      ],
      0,
    );
    expect(one).toEqual([10, 10, 10, 10]);
  });

  it('stays on the map near the poles and the antimeridian', () => {
    const [west, south, east, north] = boundsAround([{ lat: 84.999, lng: 179.999 }], 5000)!;
    expect(east).toBe(180);
    expect(north).toBe(85);
    expect(west).toBeGreaterThan(179);
    expect(south).toBeLessThan(85);
  });
});

describe('tilesOf', () => {
  it('is the XYZ tiles covering the box', () => {
    // The whole world at zoom 1: four tiles.
    expect(tilesOf([-180, -85, 180, 85], 1)).toHaveLength(4);
    // One point: one tile, the one slippy-map maths names (zoom 15 over Fresno).
    expect(tilesOf([-119.7, 36.8, -119.7, 36.8], 15)).toEqual([{ z: 15, x: 5488, y: 12777 }]);
  });
});

describe('tileUrlsOf', () => {
  const bounds = boundsAround(site)!;
  const source = {
    tiles: ['https://tiles.test/{z}/{x}/{y}.pbf'],
    tileSize: 512,
    minzoom: 0,
    maxzoom: 22,
    scheme: 'xyz' as const,
  };

  it('asks for the recorder’s zooms, lower first, each covering the box', () => {
    const urls = tileUrlsOf(source, bounds, { min: 14, max: 16 }, 1000);
    const zooms = urls.map((url) => Number(/tiles\.test\/(\d+)\//.exec(url)?.[1]));
    expect([...new Set(zooms)]).toEqual([14, 15, 16]);
    expect(zooms).toEqual([...zooms].sort((a, b) => a - b));
    expect(urls.filter((url) => url.includes('/16/'))).toHaveLength(tilesOf(bounds, 16).length);
  });

  it('reads 256 px tiles one zoom deeper, stops at the source’s maxzoom (MapLibre overzooms it) and minzoom', () => {
    const raster = tileUrlsOf({ ...source, tileSize: 256, maxzoom: 17 }, bounds, { min: 14, max: 19 }, 1000);
    const zooms = new Set(raster.map((url) => Number(/tiles\.test\/(\d+)\//.exec(url)?.[1])));
    expect([...zooms]).toEqual([15, 16, 17]);
    const high = tileUrlsOf({ ...source, minzoom: 18 }, bounds, { min: 14, max: 19 }, 1000);
    expect(new Set(high.map((url) => /tiles\.test\/(\d+)\//.exec(url)?.[1]))).toEqual(new Set(['18', '19']));
  });

  it('never goes over its budget: a zoom that would not fit is left out whole', () => {
    const all = tileUrlsOf(source, bounds, { min: 14, max: 19 }, 10_000);
    const capped = tileUrlsOf(source, bounds, { min: 14, max: 19 }, 60);
    expect(capped.length).toBeLessThanOrEqual(60);
    expect(all.slice(0, capped.length)).toEqual(capped);
    expect(tileUrlsOf(source, bounds, { min: 14, max: 19 }, 0)).toEqual([]);
  });

  it('flips rows for a TMS source and fills {ratio}', () => {
    const [url] = tileUrlsOf(
      { ...source, tiles: ['https://t.test/{z}/{x}/{y}{ratio}.png'], scheme: 'tms' },
      [-119.7, 36.8, -119.7, 36.8],
      { min: 15, max: 15 },
      10,
      2,
    );
    expect(url).toBe(`https://t.test/15/5488/${2 ** 15 - 1 - 12777}@2x.png`);
  });
});

describe('fontStacksOf', () => {
  it('finds the lists of text-font, in expressions too, once each', () => {
    expect(
      fontStacksOf([
        { layout: { 'text-font': ['Amazon Ember Regular', 'Noto Sans Regular'] } },
        { layout: { 'text-font': ['literal', ['Amazon Ember Bold']] } },
        { layout: { 'text-font': ['step', ['zoom'], ['literal', ['A']], 10, ['literal', ['B']]] } },
        { layout: { 'text-font': ['Amazon Ember Regular', 'Noto Sans Regular'] } },
        { layout: { 'text-font': ['get', 'font'] } },
        { layout: {} },
        { paint: {} },
        'not a layer',
      ]),
    ).toEqual(['Amazon Ember Regular,Noto Sans Regular', 'Amazon Ember Bold', 'A', 'B']);
    expect(fontStacksOf(undefined)).toEqual([]);
  });
});

describe('spriteUrlsOf', () => {
  it('names the .json and .png of each sprite, @2x on a sharp screen, the query (the key) kept', () => {
    expect(spriteUrlsOf('https://maps.test/v2/sprites/sprites?key=k', 2)).toEqual([
      'https://maps.test/v2/sprites/sprites@2x.json?key=k',
      'https://maps.test/v2/sprites/sprites@2x.png?key=k',
    ]);
    expect(spriteUrlsOf([{ id: 'a', url: 'https://s.test/a' }, { id: 'b' }], 1)).toEqual([
      'https://s.test/a.json',
      'https://s.test/a.png',
    ]);
    expect(spriteUrlsOf(undefined)).toEqual([]);
  });
});

describe('cacheBaseMap', () => {
  const styleUrl = 'https://maps.test/v2/styles/Standard/descriptor?key=k';
  const bounds: Bounds = boundsAround(site)!;
  /** A fake network: `files` answer 200 with their JSON or bytes; anything else 404; `down` throws. */
  const network = (files: Record<string, unknown>, down: string[] = []) => {
    const asked: string[] = [];
    const fetcher = (async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (down.includes(url)) throw new TypeError('Failed to fetch');
      if (!(url in files)) return new Response('no', { status: 404 });
      const body = files[url];
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    return { asked, fetcher };
  };

  const style = {
    version: 8,
    sprite: 'https://maps.test/v2/styles/Standard/descriptor/sprites/sprites?key=k',
    glyphs: 'https://maps.test/v2/glyphs/{fontstack}/{range}?key=k',
    sources: {
      vector: { type: 'vector', url: 'tiles.json?key=k' },
      inline: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [{ id: 'label', type: 'symbol', source: 'vector', layout: { 'text-font': ['Ember'] } }],
  };
  const tileJson = { tiles: ['https://maps.test/v2/tiles/vector.basemap/{z}/{x}/{y}?key=k'], maxzoom: 15 };

  it('asks for the style, its TileJSON (relative to the style), sprite, glyphs and tiles of the box', async () => {
    const { asked, fetcher } = network({
      [styleUrl]: style,
      'https://maps.test/v2/styles/Standard/tiles.json?key=k': tileJson,
    });
    const result = await cacheBaseMap({ styleUrl, bounds, fetcher, pixelRatio: 1 });
    expect(result.requested[0]).toBe(styleUrl);
    expect(asked).toContain('https://maps.test/v2/styles/Standard/tiles.json?key=k');
    expect(asked).toContain('https://maps.test/v2/styles/Standard/descriptor/sprites/sprites.json?key=k');
    expect(asked).toContain('https://maps.test/v2/styles/Standard/descriptor/sprites/sprites.png?key=k');
    expect(asked).toContain('https://maps.test/v2/glyphs/Ember/0-255?key=k');
    const tiles = asked.filter((url) => url.includes('/tiles/vector.basemap/'));
    // Zooms 14 and 15: the source ends at 15, MapLibre overzooms it for 16 to 19.
    expect(new Set(tiles.map((url) => url.split('/')[6]))).toEqual(new Set(['14', '15']));
    expect(tiles).toHaveLength(tilesOf(bounds, 14).length + tilesOf(bounds, 15).length);
    // Everything asked for is in the result, each once; the 404s (no sprite or glyph here) are failures.
    expect(new Set(asked)).toEqual(new Set(result.requested));
    expect(asked).toHaveLength(new Set(asked).size);
    expect(result.failed).toEqual(expect.arrayContaining([expect.stringContaining('/glyphs/Ember/0-255')]));
    expect(result.failed.some((url) => url.includes('/tiles/'))).toBe(true);
  });

  it('asks for nothing more when the style does not load or is not a style', async () => {
    for (const files of [
      {},
      { [styleUrl]: 'not json' },
      { [styleUrl]: [1, 2] },
      { [styleUrl]: { layers: [] } },
    ]) {
      const { asked, fetcher } = network(files as Record<string, unknown>);
      expect(await cacheBaseMap({ styleUrl, bounds, fetcher })).toEqual({
        requested: [styleUrl],
        failed: [styleUrl],
      });
      expect(asked).toEqual([styleUrl]);
    }
    const { asked, fetcher } = network({}, [styleUrl]);
    expect((await cacheBaseMap({ styleUrl, bounds, fetcher })).failed).toEqual([styleUrl]);
    expect(asked).toEqual([styleUrl]);
  });

  it('goes on past a source whose TileJSON fails and past files the network drops, within its tile budget', async () => {
    const tile = 'https://maps.test/v2/tiles/raster.satellite/{z}/{x}/{y}?key=k';
    const { asked, fetcher } = network(
      {
        [styleUrl]: {
          ...style,
          sources: {
            broken: { type: 'vector', url: 'https://maps.test/missing.json' },
            sat: { type: 'raster', tiles: [tile] },
          },
        },
      },
      ['https://maps.test/v2/glyphs/Ember/0-255?key=k'],
    );
    const result = await cacheBaseMap({ styleUrl, bounds, fetcher, maxTiles: 50 });
    expect(result.failed).toContain('https://maps.test/missing.json');
    expect(result.failed).toContain('https://maps.test/v2/glyphs/Ember/0-255?key=k');
    const tiles = asked.filter((url) => url.includes('raster.satellite'));
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(50);
  });

  it('stays within the default budget for a large site', async () => {
    const big = [
      { lat: 36.8, lng: -119.7 },
      { lat: 36.83, lng: -119.66 },
    ];
    const { asked, fetcher } = network({
      [styleUrl]: {
        version: 8,
        sources: { t: { type: 'vector', tiles: ['https://t.test/{z}/{x}/{y}'] } },
        layers: [],
      },
    });
    await cacheBaseMap({ styleUrl, bounds: boundsAround(big)!, fetcher });
    expect(asked.filter((url) => url.startsWith('https://t.test/')).length).toBeLessThanOrEqual(
      MAX_OFFLINE_TILES,
    );
  });
});
