/**
 * A stand-in for Amazon Location's map, on an origin of its own (127.0.0.1 and a port of its own, while the
 * journeys' app is at localhost): a MapLibre style whose sprite, glyphs and raster tiles it serves with CORS
 * as Amazon Location does, and a log of every request it answered. The offline-map journey points the app's
 * runtime configuration at it, so the base map is cross-origin as in AWS and nothing leaves the machine.
 */
import { createServer, type Server } from 'node:http';
import { PNG } from 'pngjs';

/** The two colours of the tiles' checkerboard (a map drawn from them is mostly these). */
export const TILE_COLOURS = [
  [46, 139, 87],
  [30, 110, 70],
] as const;
/** The deepest tile zoom it has (MapLibre overzooms beyond it, as it does Amazon Location's). */
export const STAND_IN_MAXZOOM = 16;

const tilePng = (dark: boolean): Buffer => {
  const size = 512;
  const image = new PNG({ width: size, height: size });
  const [r, g, b] = TILE_COLOURS[dark ? 1 : 0];
  for (let i = 0; i < size * size; i++) image.data.set([r, g, b, 255], i * 4);
  return PNG.sync.write(image);
};
const TILES = [tilePng(false), tilePng(true)] as const;
const SPRITE_PNG = (() => {
  const image = new PNG({ width: 8, height: 8 });
  image.data.fill(200);
  return PNG.sync.write(image);
})();

export interface MapStandIn {
  origin: string;
  styleUrl: string;
  /** The paths it answered, in order. */
  served: string[];
  close: () => Promise<void>;
}

export const startMapStandIn = async (): Promise<MapStandIn> => {
  const served: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    served.push(path);
    response.setHeader('access-control-allow-origin', '*');
    const send = (type: string, body: Buffer | string) => {
      response.writeHead(200, { 'content-type': type });
      response.end(body);
    };
    if (path === '/map/stand-in/style.json')
      return send(
        'application/json',
        JSON.stringify({
          version: 8,
          name: 'Stand-in for Amazon Location',
          sprite: `${origin}/map/stand-in/sprites/sprites`,
          glyphs: `${origin}/map/stand-in/glyphs/{fontstack}/{range}.pbf`,
          sources: {
            imagery: {
              type: 'raster',
              tiles: [`${origin}/map/stand-in/tiles/{z}/{x}/{y}.png`],
              tileSize: 512,
              maxzoom: STAND_IN_MAXZOOM,
              attribution: 'Stand-in',
            },
            place: {
              type: 'geojson',
              data: {
                type: 'Feature',
                properties: { name: 'Site' },
                geometry: { type: 'Point', coordinates: [-119.7, 36.8] },
              },
            },
          },
          layers: [
            { id: 'background', type: 'background', paint: { 'background-color': '#ffffff' } },
            { id: 'imagery', type: 'raster', source: 'imagery' },
            {
              id: 'place',
              type: 'symbol',
              source: 'place',
              layout: { 'text-field': ['get', 'name'], 'text-font': ['Stand-in Regular'] },
            },
          ],
        }),
      );
    const tile = /^\/map\/stand-in\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(path);
    if (tile) return send('image/png', TILES[(Number(tile[2]) + Number(tile[3])) % 2]!);
    if (/^\/map\/stand-in\/sprites\/sprites(@2x)?\.json$/.test(path))
      return send(
        'application/json',
        JSON.stringify({ dot: { x: 0, y: 0, width: 8, height: 8, pixelRatio: 1 } }),
      );
    if (/^\/map\/stand-in\/sprites\/sprites(@2x)?\.png$/.test(path)) return send('image/png', SPRITE_PNG);
    // An empty glyph range: no glyphs in it (MapLibre draws the label's letters itself).
    if (path.startsWith('/map/stand-in/glyphs/')) return send('application/x-protobuf', Buffer.alloc(0));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The map stand-in has no port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    styleUrl: `${origin}/map/stand-in/style.json`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
