import { useId } from 'react';
import { Layer, Marker, Source } from 'react-map-gl/maplibre';

/** The live position's blue (the platform's usual 'you are here'), apart from the route's red. */
export const POSITION_COLOR = '#1565c0';

const EARTH_RADIUS_M = 6_371_008.8;
const STEPS = 64;

/**
 * A circle of `radius` metres around a point as a closed ring of [lng, lat] positions (a polygon on the
 * map; exact enough for the tens of metres of a fix's accuracy).
 */
export const circleRing = (lat: number, lng: number, radius: number, steps = STEPS): [number, number][] => {
  const angular = Math.max(radius, 0) / EARTH_RADIUS_M;
  const φ1 = (lat * Math.PI) / 180;
  const λ1 = (lng * Math.PI) / 180;
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i += 1) {
    const bearing = ((i % steps) / steps) * 2 * Math.PI;
    const φ2 = Math.asin(
      Math.sin(φ1) * Math.cos(angular) + Math.cos(φ1) * Math.sin(angular) * Math.cos(bearing),
    );
    const λ2 =
      λ1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(φ1),
        Math.cos(angular) - Math.sin(φ1) * Math.sin(φ2),
      );
    ring.push([(λ2 * 180) / Math.PI, (φ2 * 180) / Math.PI]);
  }
  return ring;
};

export interface LivePositionProps {
  latitude: number;
  longitude: number;
  /** The fix's accuracy in metres: the radius of the pale circle around the dot. */
  accuracy: number;
  /** A fix that is no longer current (the phone is waiting for a new one) shows grey. */
  stale?: boolean;
}

/** Where the phone is: a dot, and a circle of the fix's accuracy in metres around it. Inside a `SiteMap`. */
export const LivePosition = ({ latitude, longitude, accuracy, stale = false }: LivePositionProps) => {
  const id = `position-${useId().replace(/[^\w-]/g, '')}`;
  const color = stale ? '#757575' : POSITION_COLOR;
  return (
    <>
      {accuracy > 0 && (
        <Source
          id={id}
          type="geojson"
          data={{
            type: 'Feature',
            properties: {},
            geometry: { type: 'Polygon', coordinates: [circleRing(latitude, longitude, accuracy)] },
          }}
        >
          <Layer id={`${id}-fill`} type="fill" paint={{ 'fill-color': color, 'fill-opacity': 0.15 }} />
          <Layer
            id={`${id}-edge`}
            type="line"
            paint={{ 'line-color': color, 'line-width': 1, 'line-opacity': 0.5 }}
          />
        </Source>
      )}
      <Marker latitude={latitude} longitude={longitude} anchor="center">
        <span
          role="img"
          aria-label={`Your position, ±${Math.round(accuracy)} m`}
          data-stale={stale ? 'true' : 'false'}
          style={{
            display: 'block',
            width: 18,
            height: 18,
            borderRadius: '50%',
            background: color,
            border: '3px solid #ffffff',
            boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.25), 0 1px 4px rgba(0, 0, 0, 0.4)',
            boxSizing: 'border-box',
          }}
        />
      </Marker>
    </>
  );
};
