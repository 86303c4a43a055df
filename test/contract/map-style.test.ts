import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expression, validateStyleMin, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { runtimeConfig } from '@sitewalk/shared/runtime-config';
import { startTestHost, type TestHost } from '../support/host.ts';

/**
 * The local host's own map style: what `config.json` points the SPA's maps at by default, so that maps load
 * on a machine with no network (issue 14). Validated by MapLibre's own style-spec validator.
 */
let test: TestHost;
let style: StyleSpecification;
let styleText: string;
let styleResponse: Response;

beforeAll(async () => {
  test = await startTestHost();
  styleResponse = await fetch(test.url('/map/style.json'));
  styleText = await styleResponse.text();
  style = JSON.parse(styleText) as StyleSpecification;
});
afterAll(() => test?.host.close());

/** A zoom-dependent paint value of a layer, evaluated at `zoom`. */
const paintAt = (layerId: string, property: string, zoom: number): unknown => {
  const layer = style.layers.find((l) => l.id === layerId) as { paint?: Record<string, unknown> } | undefined;
  const compiled = expression.createExpression(layer?.paint?.[property], property);
  if (compiled.result !== 'success') throw new Error(`${layerId} ${property} does not compile`);
  return compiled.value.evaluate({ zoom });
};

describe('GET /map/style.json (the local host)', () => {
  it('is JSON any page may fetch, revalidated', () => {
    expect(styleResponse.status).toBe(200);
    expect(styleResponse.headers.get('content-type')).toBe('application/json');
    expect(styleResponse.headers.get('cache-control')).toBe('no-cache');
    expect(styleResponse.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('is a valid MapLibre style, version 8', () => {
    expect(style.version).toBe(8);
    expect(validateStyleMin(style)).toEqual([]);
  });

  it('needs nothing from outside: no glyphs, no sprite, no tiles, no URL at all', () => {
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
    expect(styleText).not.toMatch(/:\/\//);
    expect(styleText).not.toMatch(/"(tiles|url)"/);
  });

  it('has one source, Natural Earth land inlined as GeoJSON, and a background and the land over it', () => {
    expect(Object.keys(style.sources)).toEqual(['land']);
    const land = style.sources['land'];
    expect(land).toMatchObject({ type: 'geojson', attribution: 'Natural Earth' });
    const data = land?.type === 'geojson' ? land.data : undefined;
    expect(data).toMatchObject({
      type: 'FeatureCollection',
      features: [{ geometry: { type: 'MultiPolygon' } }],
    });
    expect(style.layers.map((l) => [l.id, l.type, 'source' in l ? l.source : undefined])).toEqual([
      ['background', 'background', undefined],
      ['land', 'fill', 'land'],
    ]);
  });

  it('fades the land out past zoom 8', () => {
    expect(paintAt('land', 'fill-opacity', 4)).toBe(1);
    expect(paintAt('land', 'fill-opacity', 8)).toBe(1);
    expect(paintAt('land', 'fill-opacity', 8.5)).toBeGreaterThan(0);
    expect(paintAt('land', 'fill-opacity', 8.5)).toBeLessThan(1);
    expect(paintAt('land', 'fill-opacity', 9)).toBe(0);
    expect(paintAt('land', 'fill-opacity', 18)).toBe(0);
  });
});

describe('GET /config.json (the local host)', () => {
  it('points the maps at that style by its absolute URL on the host', async () => {
    const config = runtimeConfig.parse(await (await fetch(test.url('/config.json'))).json());
    expect(config.mapStyleUrl).toBe(test.url('/map/style.json'));
    expect(new URL(config.mapStyleUrl).origin).toBe(new URL(test.host.url).origin);
  });
});
