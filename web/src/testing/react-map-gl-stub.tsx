/**
 * `react-map-gl/maplibre` for component tests: maplibre needs WebGL, which jsdom has not. The real
 * `SiteMap`, `NumberedMarker` and `RouteLine` run over these stand-ins, which render their children as
 * plain elements and record what they were given. Every component test gets them: the web projects of
 * vitest.config.ts alias `maplibre-gl` to maplibre-gl-stub.ts and `react-map-gl/maplibre` to this file.
 *
 * `Map` (`[data-testid="map"]`, holding a region named as the map's canvas is, and the children) fires
 * `onLoad` once mounted; its ref answers flyTo, getCenter and getZoom, and `mapCalls` records
 * every flyTo. A marker renders at `[data-testid="map-marker"]` with its position in data attributes and
 * fires `onClick`; `fireMarkerDragEnd` moves one as a drag would.
 */
import {
  useEffect,
  useImperativeHandle,
  useState,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';

interface ViewState {
  latitude: number;
  longitude: number;
  zoom: number;
}

/** What the stub maps were asked: flyTo calls, newest last. */
export const mapCalls: {
  flyTo: { center: [number, number]; zoom?: number }[];
  fitBounds: { bounds: [[number, number], [number, number]]; options?: unknown }[];
} = { flyTo: [], fitBounds: [] };

const dragEndHandlers = new globalThis.Map<
  string,
  (event: { lngLat: { lng: number; lat: number } }) => void
>();

/** Ends a drag of the marker at `latitude,longitude` (as its data-position says) at a new place. */
export const fireMarkerDragEnd = (position: string, to: { lat: number; lng: number }) => {
  const handler = dragEndHandlers.get(position);
  if (!handler) throw new Error(`No draggable marker at ${position}`);
  handler({ lngLat: to });
};

export const Map = ({
  children,
  initialViewState,
  onLoad,
  mapStyle,
  style,
  locale,
  ref,
}: {
  children?: ReactNode;
  initialViewState?: ViewState;
  onLoad?: (event: { type: 'load'; target: unknown }) => void;
  mapStyle?: string;
  style?: CSSProperties;
  locale?: Record<string, string>;
  ref?: Ref<unknown>;
}) => {
  const [map] = useState(() => {
    const view = { ...(initialViewState ?? { latitude: 0, longitude: 0, zoom: 0 }) };
    return {
      view,
      flyTo: ({ center, zoom }: { center: [number, number]; zoom?: number }) => {
        mapCalls.flyTo.push({ center, zoom });
        [view.longitude, view.latitude] = center;
        if (zoom !== undefined) view.zoom = zoom;
      },
      fitBounds: (bounds: [[number, number], [number, number]], options?: unknown) => {
        mapCalls.fitBounds.push({ bounds, options });
      },
      getCenter: () => ({ lat: view.latitude, lng: view.longitude }),
      getZoom: () => view.zoom,
    };
  });
  const view = map.view;
  useImperativeHandle(ref, () => map, [map]);
  useEffect(() => {
    onLoad?.({ type: 'load', target: map });
    // Once, as maplibre's load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // As maplibre: the canvas is the named region, and markers and popups are its siblings, not inside it.
  return (
    <div
      data-testid="map"
      data-style={mapStyle}
      data-view={initialViewState ? `${view.latitude},${view.longitude},${view.zoom}` : undefined}
      style={style}
    >
      <div role="region" aria-label={locale?.['Map.Title'] ?? 'Map'} />
      {children}
    </div>
  );
};

export const Marker = ({
  children,
  latitude,
  longitude,
  draggable,
  onClick,
  onDragEnd,
}: {
  children?: ReactNode;
  latitude: number;
  longitude: number;
  draggable?: boolean;
  onClick?: (event: { type: 'click'; originalEvent: MouseEvent }) => void;
  onDragEnd?: (event: { lngLat: { lng: number; lat: number } }) => void;
  ref?: Ref<unknown>;
}) => {
  const position = `${latitude},${longitude}`;
  useEffect(() => {
    if (!draggable || !onDragEnd) return;
    dragEndHandlers.set(position, onDragEnd);
    return () => void dragEndHandlers.delete(position);
  }, [draggable, onDragEnd, position]);
  return (
    <div
      data-testid="map-marker"
      data-position={position}
      data-draggable={draggable ? 'true' : undefined}
      onClick={(event) => onClick?.({ type: 'click', originalEvent: event.nativeEvent })}
    >
      {children}
    </div>
  );
};

export const Source = ({ id, data, children }: { id: string; data?: unknown; children?: ReactNode }) => (
  <div data-testid="map-source" data-source-id={id} data-geojson={JSON.stringify(data)}>
    {children}
  </div>
);

export const Layer = ({ id, type, paint }: { id: string; type: string; paint?: Record<string, unknown> }) => (
  <div data-testid="map-layer" data-layer-id={id} data-type={type} data-paint={JSON.stringify(paint)} />
);

export const Popup = ({
  children,
  latitude,
  longitude,
  onClose,
}: {
  children?: ReactNode;
  latitude: number;
  longitude: number;
  onClose?: () => void;
}) => (
  <div data-testid="map-popup" data-position={`${latitude},${longitude}`}>
    {children}
    <button type="button" aria-label="Close popup" onClick={() => onClose?.()} />
  </div>
);

export const NavigationControl = () => null;
export const AttributionControl = () => null;
