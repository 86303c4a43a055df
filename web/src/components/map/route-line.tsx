import { useId } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { ROUTE_LINE } from '@sitewalk/shared/constants';

/** The route's colour and weight (shared/src/constants.ts). */
export const ROUTE_COLOR = ROUTE_LINE.color;
export const ROUTE_WEIGHT = ROUTE_LINE.weight;

export interface RoutePosition {
  lat: number | null | undefined;
  lng: number | null | undefined;
}

/** The positions a route is drawn through: only those with numeric lat and lng; others are not drawn. */
export const routeCoordinates = (positions: readonly RoutePosition[]): [number, number][] =>
  positions.flatMap(({ lat, lng }) =>
    typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)
      ? [[lng, lat] as [number, number]]
      : [],
  );

/** The red route line through `positions`, in their order; nothing with fewer than two. Inside a `SiteMap`. */
export const RouteLine = ({ positions }: { positions: readonly RoutePosition[] }) => {
  const id = `route-${useId().replace(/[^\w-]/g, '')}`;
  const coordinates = routeCoordinates(positions);
  if (coordinates.length < 2) return null;
  return (
    <Source
      id={id}
      type="geojson"
      data={{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } }}
    >
      <Layer
        id={id}
        type="line"
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': ROUTE_COLOR, 'line-width': ROUTE_WEIGHT }}
      />
    </Source>
  );
};
