import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import { Box, Button } from '@mui/material';
import { useRef, useState } from 'react';
import type { MapLayerMouseEvent, MapRef, MarkerDragEvent } from 'react-map-gl/maplibre';
import { LazySiteMap } from '../../../components/map/lazy-site-map.tsx';
import {
  MapStyleSwitch,
  useMapStyleUrl,
  type MapStyleChoice,
} from '../../../components/map/map-style-switch.tsx';
import { NumberedMarker } from '../../../components/map/numbered-marker.tsx';
import { RouteLine } from '../../../components/map/route-line.tsx';
import type { EditorMarker } from './walk-editor-state.ts';

export interface WalkMapProps {
  center: { latitude: number; longitude: number; zoom: number };
  markers: EditorMarker[];
  /** Markers may be dragged and added (the user may edit walks). */
  draggable: boolean;
  onAdd: (lat: number, lng: number) => void;
  onMove: (key: string, lat: number, lng: number) => void;
}

/** The map's height: most of the screen beside the panel; on phones, above the panel, a little over half. */
const WALK_MAP_HEIGHT = {
  xs: 'clamp(300px, 55vh, 520px)',
  md: 'clamp(360px, calc(100vh - 200px), 900px)',
};

/**
 * The walk on the map: a double-click adds a point (the map does not zoom on double-click), pins are
 * numbered and draggable, and the red route joins them in order. Only points with numeric lat and lng
 * are drawn. A bar above it switches the base map to satellite or hybrid imagery, to see
 * the facility.
 */
export const WalkMap = ({ center, markers, draggable, onAdd, onMove }: WalkMapProps) => {
  const map = useRef<MapRef>(null);
  const [style, setStyle] = useState<MapStyleChoice>('map');
  const styleUrl = useMapStyleUrl(style);
  const drawn = markers.filter(({ lat, lng }) => Number.isFinite(lat) && Number.isFinite(lng));
  return (
    <>
      <Box sx={{ px: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
        <MapStyleSwitch value={style} onChange={setStyle} />
      </Box>
      {/* SiteMap marks itself loaded (data-map-loaded) once maplibre's `load` fired: the journeys wait for it. */}
      <Box sx={{ position: 'relative', height: WALK_MAP_HEIGHT }}>
        <LazySiteMap
          ref={map}
          styleUrl={styleUrl}
          ariaLabel="Walk map"
          height="100%"
          initialViewState={center}
          doubleClickZoom={false}
          onDblClick={(event: MapLayerMouseEvent) => {
            event.preventDefault();
            if (draggable) onAdd(event.lngLat.lat, event.lngLat.lng);
          }}
        >
          <RouteLine positions={drawn} />
          {drawn.map((marker) => (
            <NumberedMarker
              key={marker.key}
              latitude={marker.lat}
              longitude={marker.lng}
              label={marker.label}
              state={marker.isDoor ? 'door' : 'planned'}
              ariaLabel={`Point ${marker.label}${marker.isDoor ? ', door' : ''}`}
              draggable={draggable}
              onDragEnd={(event: MarkerDragEvent) => onMove(marker.key, event.lngLat.lat, event.lngLat.lng)}
            />
          ))}
        </LazySiteMap>
        {draggable && (
          // Keyboard and switch users add a point where the map is centred.
          <Button
            size="small"
            variant="contained"
            color="inherit"
            startIcon={<AddLocationIcon />}
            onClick={() => {
              const centre = map.current?.getCenter();
              if (centre) onAdd(centre.lat, centre.lng);
            }}
            sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper', zIndex: 1 }}
          >
            Add at centre
          </Button>
        )}
      </Box>
    </>
  );
};
