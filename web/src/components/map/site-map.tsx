import { Box } from '@mui/material';
import { setWorkerUrl } from 'maplibre-gl';
// maplibre 6 is ESM-only and finds its worker next to its own module; bundled, that file is not there, so
// the worker goes into the build as an asset of its own and the map is told where it is.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
// The map's stylesheet travels with the map's chunk: only screens that show a map load it.
import 'maplibre-gl/dist/maplibre-gl.css';
import { Map, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';

setWorkerUrl(workerUrl);

export interface SiteMapProps extends Omit<MapProps, 'mapStyle' | 'style' | 'children' | 'ref'> {
  /** Where the map opens. */
  initialViewState?: { latitude: number; longitude: number; zoom: number };
  /** Markers, sources and layers, popups: react-map-gl's pieces pass straight through. */
  children?: ReactNode;
  /** The map's accessible name (its canvas is a region). */
  ariaLabel: string;
  /** The map's height; 400 px unless told. */
  height?: CSSProperties['height'];
  /** Style of the box around the map (its height wins over `height`). */
  style?: CSSProperties;
  /** react-map-gl's handle on the map: flyTo, getCenter, getZoom. */
  ref?: Ref<MapRef>;
}

/**
 * The one map of the app: react-map-gl over maplibre-gl with the runtime config's style (the local host's
 * own offline style, or Amazon Location's in AWS). Pages load it through `LazySiteMap`, so the map's code and
 * stylesheet come only with the screens that show one.
 */
export const SiteMap = ({ ariaLabel, height = 400, style, children, ref, ...props }: SiteMapProps) => {
  const { mapStyleUrl } = useRuntimeConfig();
  return (
    <Box sx={{ position: 'relative', width: '100%', height, ...style }}>
      <Map
        ref={ref}
        mapStyle={mapStyleUrl}
        style={{ position: 'absolute', inset: 0 }}
        locale={{ 'Map.Title': ariaLabel }}
        attributionControl={{ compact: true }}
        {...props}
      >
        {children}
      </Map>
    </Box>
  );
};
