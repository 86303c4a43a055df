import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Spinner } from '../spinner.tsx';
import type { SiteMapProps } from './site-map.tsx';

const SiteMapChunk = lazy(async () => ({ default: (await import('./site-map.tsx')).SiteMap }));

/**
 * The map as pages use it: maplibre-gl, react-map-gl and the map's stylesheet load with the first map shown,
 * and a spinner of the map's own height stands in meanwhile. Component tests stub `./site-map.tsx`.
 */
export const LazySiteMap = (props: SiteMapProps) => (
  <Suspense
    fallback={
      <Box sx={{ height: props.style?.height ?? props.height ?? 400, display: 'grid' }}>
        <Spinner label={`Loading ${props.ariaLabel}`} />
      </Box>
    }
  >
    <SiteMapChunk {...props} />
  </Suspense>
);
