import { useEffect, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { SiteMap } from '../../../components/map/site-map.tsx';
import { NumberedMarker } from '../../../components/map/numbered-marker.tsx';
import type { MapTarget, MapView } from './map-view.ts';

export interface LocationMapProps {
  initialView: MapView;
  /** Move the map here (a geocoded address); each new `key` moves it again. */
  target?: MapTarget | null;
  /** The view after every move (the centre the crosshair marks, the zoom). */
  onViewChange?: (view: MapView) => void;
  /** A numbered pin at a point: the location with the count of its incidents shown. */
  pin?: { latitude: number; longitude: number; label: number; title: string } | null;
  ariaLabel: string;
}

/**
 * A location's map. This module is loaded lazily (lazy-location-map.tsx), like `LazySiteMap` loads
 * `SiteMap`, so that the markers and the recentring, which need react-map-gl too, come in the same chunk.
 */
export const LocationMap = ({ initialView, target, onViewChange, pin, ariaLabel }: LocationMapProps) => {
  // A target is flown to once the map has loaded (SiteMap marks that on its box for the journeys).
  const [loaded, setLoaded] = useState(false);
  const map = useRef<MapRef>(null);
  // Each new target (a geocoded address) moves the map; the move's end reports the view like a user's.
  useEffect(() => {
    if (loaded && target)
      map.current?.flyTo({ center: [target.longitude, target.latitude], zoom: target.zoom });
  }, [loaded, target]);
  return (
    <SiteMap
      ref={map}
      initialViewState={initialView}
      ariaLabel={ariaLabel}
      height="100%"
      onLoad={() => setLoaded(true)}
      onMoveEnd={(event) => onViewChange?.(event.viewState)}
    >
      {pin && (
        <NumberedMarker
          latitude={pin.latitude}
          longitude={pin.longitude}
          label={pin.label}
          ariaLabel={pin.title}
        />
      )}
    </SiteMap>
  );
};
