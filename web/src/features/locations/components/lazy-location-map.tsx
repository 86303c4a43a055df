import { Box } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import type { LocationMapProps } from './location-map.tsx';

/** The map code (maplibre, react-map-gl) loads only when a screen shows this. */
const LocationMap = lazy(() => import('./location-map.tsx').then((m) => ({ default: m.LocationMap })));

export interface LazyLocationMapProps extends LocationMapProps {
  /** A length, or one per breakpoint (`{ xs: 280, md: 400 }`). */
  height: number | string | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number | string>>;
  /** Drawn over the map's centre (the crosshair, the centre marker); it lets the pointer through. */
  overlay?: ReactNode;
}

export const LazyLocationMap = ({ height, overlay, ...props }: LazyLocationMapProps) => (
  <Box
    sx={{
      position: 'relative',
      height,
      width: '100%',
      borderRadius: 1,
      overflow: 'hidden',
      border: 1,
      borderColor: 'divider',
    }}
  >
    <Suspense fallback={<Spinner label="Loading map" />}>
      <LocationMap {...props} />
    </Suspense>
    {overlay && (
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          pointerEvents: 'none',
        }}
      >
        {overlay}
      </Box>
    )}
  </Box>
);
