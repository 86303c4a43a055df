import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';

/** Where the local host serves its own map style (the runtime config's `mapStyleUrl` points here). */
export const LOCAL_MAP_STYLE_PATH = '/map/style.json';

type Ring = Position[];

const LAND_COLOR = '#efece4';
const WATER_COLOR = '#b5d0dc';
/** Natural Earth's 1:110m coast is far off at a site's zoom: land fades out past this zoom... */
const LAND_FADE_FROM = 8;
/** ...and is gone here, where the plain background (land-coloured by then) is all there is under the app's marks. */
const LAND_FADE_TO = 9;

/**
 * A ring cut where it crosses the antimeridian (a step of more than 180° in longitude): each crossing gets a
 * point on ±180° at the latitude where it crosses, and the pieces on either side close along the meridian.
 * A ring crossing an odd number of times goes round a pole (Antarctica's): it has no flat shape, and null says
 * to drop it. Pieces are closed rings.
 */
export const splitAtAntimeridian = (ring: readonly Position[]): Ring[] | null => {
  const open = ring.length > 1 && samePoint(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : [...ring];
  const runs: Ring[] = [[]];
  let crossings = 0;
  for (const [i, point] of open.entries()) {
    // Every edge, the closing one (last point back to the first) too.
    const next = open[(i + 1) % open.length]!;
    runs[runs.length - 1]!.push(point);
    if (Math.abs(next[0]! - point[0]!) > 180) {
      crossings++;
      const [here, there] = crossingPoints(point, next);
      runs[runs.length - 1]!.push(here);
      runs.push([there]);
    }
  }
  if (crossings === 0) return [close(open)];
  if (crossings % 2 === 1) return null;
  // The last run goes on into the first: together they are one piece.
  const last = runs.pop() ?? [];
  runs[0] = [...last, ...(runs[0] ?? [])];
  // Without repeated points; a piece that is only a stretch of the meridian has no area and goes.
  return runs
    .map((run) => run.filter((point, i) => i === 0 || !samePoint(point, run[i - 1])))
    .filter((run) => new Set(run.map(String)).size >= 3)
    .map(close);
};

const samePoint = (a: Position | undefined, b: Position | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

const close = (ring: Ring): Ring => (samePoint(ring[0], ring[ring.length - 1]) ? ring : [...ring, ring[0]!]);

/** Where the edge from `a` to `b` meets the antimeridian: the point on a's side, then the one on b's. */
const crossingPoints = (a: Position, b: Position): [Position, Position] => {
  const sideOfA = a[0]! > 0 ? 180 : -180;
  // b moved by 360° onto a's side, so the edge is short.
  const bLng = b[0]! + (sideOfA === 180 ? 360 : -360);
  // An edge along the meridian itself (180° to -180°) crosses where it starts.
  const t = bLng === a[0] ? 0 : (sideOfA - a[0]!) / (bLng - a[0]!);
  const lat = a[1]! + t * (b[1]! - a[1]!);
  return [
    [sideOfA, lat],
    [-sideOfA, lat],
  ];
};

/** Whether a point is inside a ring (even-odd). */
const inside = ([x, y]: Position, ring: Ring): boolean => {
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!) within = !within;
  }
  return within;
};

/**
 * One polygon made flat: its outer ring split at the antimeridian (or dropped round a pole), each hole kept
 * with the piece it lies in.
 */
export const flattenPolygon = (polygon: readonly (readonly Position[])[]): Ring[][] => {
  const [outer, ...holes] = polygon;
  if (!outer) return [];
  const pieces = splitAtAntimeridian(outer);
  if (!pieces) return [];
  const keptHoles = holes.flatMap((hole) => splitAtAntimeridian(hole) ?? []);
  if (pieces.length === 1) return [[pieces[0]!, ...keptHoles]];
  return pieces.map((piece) => [piece, ...keptHoles.filter((hole) => hole[0] && inside(hole[0], piece))]);
};

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** Natural Earth's land (world-atlas, 1:110m) as flat GeoJSON: one MultiPolygon, coordinates to 4 decimals. */
export const worldLand = (): FeatureCollection<MultiPolygon> => {
  const require = createRequire(import.meta.url);
  const topology = require('world-atlas/land-110m.json') as Topology<{ land: GeometryCollection }>;
  const land = feature(topology, topology.objects.land) as FeatureCollection<Polygon | MultiPolygon>;
  const polygons = land.features.flatMap((f: Feature<Polygon | MultiPolygon>) =>
    f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates,
  );
  const flat = polygons
    .flatMap(flattenPolygon)
    .map((polygon) => polygon.map((ring) => ring.map(([lng, lat]) => [round(lng!), round(lat!)])));
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: flat } }],
  };
};

/**
 * The local host's own MapLibre style (version 8): water as the background, Natural Earth's land over it as an
 * inlined GeoJSON source, fading out past zoom 8 as the background turns land-coloured. No glyphs, no sprite,
 * no tiles, no URL: it works on a machine with no network. Markers, routes, crosshairs and labels are the
 * app's own HTML on top of it.
 */
export const offlineMapStyle = () => ({
  version: 8 as const,
  name: 'SiteWalk offline',
  metadata: { 'sitewalk:source': 'Natural Earth 1:110m land (public domain), via world-atlas (ISC)' },
  sources: {
    land: { type: 'geojson' as const, data: worldLand(), attribution: 'Natural Earth', maxzoom: 10 },
  },
  layers: [
    {
      id: 'background',
      type: 'background' as const,
      paint: {
        'background-color': [
          'interpolate',
          ['linear'],
          ['zoom'],
          LAND_FADE_FROM,
          WATER_COLOR,
          LAND_FADE_TO,
          LAND_COLOR,
        ],
      },
    },
    {
      id: 'land',
      type: 'fill' as const,
      source: 'land',
      paint: {
        'fill-color': LAND_COLOR,
        'fill-opacity': ['interpolate', ['linear'], ['zoom'], LAND_FADE_FROM, 1, LAND_FADE_TO, 0],
      },
    },
  ],
});
