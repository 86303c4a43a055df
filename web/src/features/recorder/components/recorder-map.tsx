import { Box } from '@mui/material';
import type { Marker } from '@sitewalk/shared/schemas/walk';
import { LazySiteMap } from '../../../components/map/lazy-site-map.tsx';
import { LivePosition } from '../../../components/map/live-position.tsx';
import { NumberedMarker, type MarkerState } from '../../../components/map/numbered-marker.tsx';
import { useOfflineBaseMap } from '../../../components/map/offline-base-map.ts';
import { RouteLine } from '../../../components/map/route-line.tsx';
import type { PositionState } from '../../../hooks/use-position.ts';
import type { MarkerProgress } from '../logic/markers.ts';
import { RECORDER_MAP_HEIGHT } from './map-height.ts';

export interface RecorderMapProps {
  markers: readonly Marker[];
  progress: ReadonlyMap<number, MarkerProgress>;
  position: PositionState;
  onSelect: (markerId: number) => void;
}

const pinState = (progress: MarkerProgress | undefined, marker: Marker): MarkerState =>
  progress === 'reached' ? 'reached' : progress === 'next' ? 'planned' : marker.isDoor ? 'door' : 'planned';

/** The whole walk in view: the markers' box fitted with a margin for the pins (one marker: close around it). */
const viewOf = (markers: readonly Marker[]) => {
  const lats = markers.map(({ lat }) => lat);
  const lngs = markers.map(({ lng }) => lng);
  const [west, south, east, north] = [
    Math.min(...lngs),
    Math.min(...lats),
    Math.max(...lngs),
    Math.max(...lats),
  ];
  if (west === east && south === north) return { latitude: south, longitude: west, zoom: 18 };
  return {
    bounds: [
      [west, south],
      [east, north],
    ] as [[number, number], [number, number]],
    fitBoundsOptions: { padding: 48, maxZoom: 19 },
  };
};

/**
 * The walk on the map: numbered pins joined by the red route (reached ones green, the next one larger and
 * raised), and the live position with its accuracy circle. Opened online, the walk's base map is kept on the
 * device for when the signal goes (useOfflineBaseMap).
 */
export const RecorderMap = ({ markers, progress, position, onSelect }: RecorderMapProps) => {
  useOfflineBaseMap(markers);
  return <RecorderMapView markers={markers} progress={progress} position={position} onSelect={onSelect} />;
};

const RecorderMapView = ({ markers, progress, position, onSelect }: RecorderMapProps) => (
  <Box
    sx={{
      height: RECORDER_MAP_HEIGHT,
      borderRadius: 1,
      overflow: 'hidden',
      border: 1,
      borderColor: 'divider',
    }}
  >
    <LazySiteMap ariaLabel="Walk map" height="100%" initialViewState={viewOf(markers)}>
      <RouteLine positions={markers} />
      {markers.map((marker) => {
        const state = progress.get(marker.id);
        return (
          <NumberedMarker
            key={marker.id}
            latitude={marker.lat}
            longitude={marker.lng}
            label={marker.label}
            state={pinState(state, marker)}
            ariaLabel={`Marker ${marker.label}, ${state === 'reached' ? 'reached' : state === 'next' ? 'next' : 'not reached'}`}
            highlight={state === 'next'}
            onClick={() => onSelect(marker.id)}
          />
        );
      })}
      {position.fix && (
        <LivePosition
          latitude={position.fix.lat}
          longitude={position.fix.lng}
          accuracy={position.fix.accuracy}
          stale={position.status !== 'tracking'}
        />
      )}
    </LazySiteMap>
  </Box>
);
