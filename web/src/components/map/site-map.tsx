import { Box } from '@mui/material';
import { setWorkerUrl } from 'maplibre-gl';
// maplibre 6 is ESM-only and finds its worker next to its own module; bundled, that file is not there, so
// the worker goes into the build as an asset of its own and the map is told where it is.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
// The map's stylesheet travels with the map's chunk: only screens that show a map load it.
import 'maplibre-gl/dist/maplibre-gl.css';
import { Map, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import { useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';

setWorkerUrl(workerUrl);

/** The performance mark each map sets at its first `load` (test/bench/web-map.bench.ts reads it). */
export const MAP_LOADED_MARK = 'sitewalk:map-load';

export type MapHeight = number | string | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number | string>>;

export interface SiteMapProps extends Omit<MapProps, 'mapStyle' | 'style' | 'children' | 'ref'> {
  /** Where the map opens: a centre and zoom, or `bounds` to fit (with `fitBoundsOptions`). */
  initialViewState?: MapProps['initialViewState'];
  /** Markers, sources and layers, popups: react-map-gl's pieces pass straight through. */
  children?: ReactNode;
  /** The map's accessible name (its canvas is a region). */
  ariaLabel: string;
  /** The map's height, by breakpoint if need be (`{ xs: 320, md: 520 }`); 400 px unless told. */
  height?: MapHeight;
  /** Style of the box around the map (its height wins over `height`). */
  style?: CSSProperties;
  /** react-map-gl's handle on the map: flyTo, getCenter, getZoom. */
  ref?: Ref<MapRef>;
  /** Another style than the runtime config's map (walk setup's imagery: map-style-switch.tsx). */
  styleUrl?: string;
}

/**
 * The one map of the app: react-map-gl over maplibre-gl with the runtime config's style (the local host's
 * own offline style, or Amazon Location's in AWS). Pages load it through `LazySiteMap`, so the map's code and
 * stylesheet come only with the screens that show one.
 */
export const SiteMap = ({
  ariaLabel,
  height = 400,
  style,
  children,
  ref,
  onLoad,
  styleUrl,
  ...props
}: SiteMapProps) => {
  const { mapStyleUrl } = useRuntimeConfig();
  const [loaded, setLoaded] = useState(false);
  return (
    <Box
      sx={{ position: 'relative', width: '100%', height, ...style }}
      // For the journeys and the bench: the map's first `load` (style and land drawn) has happened.
      data-map-loaded={loaded ? 'true' : 'false'}
    >
      <Map
        ref={ref}
        onLoad={(event) => {
          performance.mark(MAP_LOADED_MARK);
          setLoaded(true);
          onLoad?.(event);
        }}
        mapStyle={styleUrl ?? mapStyleUrl}
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
