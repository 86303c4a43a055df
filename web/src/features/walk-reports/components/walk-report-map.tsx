import { Box, Stack, Typography } from '@mui/material';
import { useRef, type Ref } from 'react';
import { Popup, type MapRef } from 'react-map-gl/maplibre';
import { MAP_POPUP_HEIGHT_PX } from '@sitewalk/shared/constants';
import { LazySiteMap } from '../../../components/map/lazy-site-map.tsx';
import { FLAGGED_RING, NumberedMarker, type MarkerState } from '../../../components/map/numbered-marker.tsx';
import { RouteLine } from '../../../components/map/route-line.tsx';
import { formatTime } from '../../../lib/time.ts';
import type { ReportPoint } from '../walk-report-view.ts';

const stateWords: Record<MarkerState, string> = {
  planned: 'planned',
  reached: 'reached',
  missed: 'missed',
  door: 'door, reached',
};

/** The points' bounds as [[west, south], [east, north]], or null without points. */
export const boundsOf = (points: readonly ReportPoint[]): [[number, number], [number, number]] | null =>
  points.length === 0
    ? null
    : [
        [Math.min(...points.map((p) => p.lng)), Math.min(...points.map((p) => p.lat))],
        [Math.max(...points.map((p) => p.lng)), Math.max(...points.map((p) => p.lat))],
      ];

const PointPopup = ({
  point,
  timeZone,
  onClose,
}: {
  point: ReportPoint;
  timeZone: string | undefined;
  onClose: () => void;
}) => (
  <Popup
    latitude={point.lat}
    longitude={point.lng}
    anchor="bottom"
    offset={40}
    maxWidth="280px"
    onClose={onClose}
    closeOnClick={false}
  >
    <Box sx={{ maxHeight: `min(${MAP_POPUP_HEIGHT_PX}px, 60vh)`, overflowY: 'auto', pr: 1 }}>
      <Typography variant="subtitle2" component="h3">
        Point {point.label}
      </Typography>
      {point.flags.length > 0 && (
        <Box
          component="ul"
          aria-label={`Flags at point ${point.label}`}
          sx={{ m: 0, mb: 0.5, pl: 2, color: 'warning.dark' }}
        >
          {point.flags.map((reason, i) => (
            <Typography key={i} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {reason}
            </Typography>
          ))}
        </Box>
      )}
      {point.notes.length > 0 && (
        <Box component="ul" aria-label={`Notes at point ${point.label}`} sx={{ m: 0, pl: 2 }}>
          {point.notes.map((note, i) => (
            <Typography key={i} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {note}
            </Typography>
          ))}
        </Box>
      )}
      {point.images.some((i) => i.imageUrl) ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {point.images.map((image) =>
            image.imageUrl ? (
              <Box component="figure" key={image.imageName} sx={{ m: 0 }}>
                <img
                  src={image.imageUrl}
                  alt={`Photo at point ${point.label}`}
                  style={{ width: '100%', height: 'auto', borderRadius: 4 }}
                />
                {image.takenAt && (
                  <Typography
                    component="figcaption"
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', whiteSpace: 'nowrap' }}
                  >
                    Taken {formatTime(image.takenAt, { timeZone })}
                  </Typography>
                )}
              </Box>
            ) : null,
          )}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          No Image Available
        </Typography>
      )}
    </Box>
  </Popup>
);

export interface WalkReportMapProps {
  points: readonly ReportPoint[];
  /** The point whose popup is open. */
  selected: number | null;
  onSelect: (markerId: number | null) => void;
  mapRef: Ref<MapRef>;
  onLoad?: () => void;
  /** The location's time zone, for the photos' times (the viewer's until it is known). */
  timeZone?: string;
}

/**
 * The walk on the map: the red route through its points in order, each point a numbered pin, reached
 * (green), missed (hollow, dashed) or a door (blue); a pin opens its notes and photos.
 */
export const WalkReportMap = ({
  points,
  selected,
  onSelect,
  mapRef,
  onLoad,
  timeZone,
}: WalkReportMapProps) => {
  const first = points[0];
  const bounds = boundsOf(points);
  const open = points.find((p) => p.markerId === selected);
  // The whole walk stays in view as the map is resized (a phone turned), until someone moves the map or
  // opens a point.
  const moved = useRef(false);
  const fit = (map: MapRef['getMap'] extends () => infer M ? M : never) => {
    if (bounds && points.length > 1) map.fitBounds(bounds, { padding: 56, maxZoom: 19, duration: 0 });
  };
  return (
    <LazySiteMap
      ref={mapRef}
      ariaLabel="Walk report map"
      height={{ xs: 360, md: 520 }}
      initialViewState={
        first
          ? { latitude: first.lat, longitude: first.lng, zoom: 18 }
          : { latitude: 0, longitude: 0, zoom: 1 }
      }
      onLoad={(event) => {
        fit(event.target);
        onLoad?.();
      }}
      onMoveStart={(event) => {
        if (event.originalEvent) moved.current = true;
      }}
      onResize={(event) => {
        if (!moved.current && selected === null) fit(event.target);
      }}
    >
      <RouteLine positions={points} />
      {points.map((point) => (
        <NumberedMarker
          key={point.markerId}
          latitude={point.lat}
          longitude={point.lng}
          label={point.label}
          state={point.state}
          flagged={point.flags.length > 0}
          ariaLabel={`Point ${point.label}, ${stateWords[point.state]}${point.flags.length > 0 ? ', flagged' : ''}`}
          onClick={(event) => {
            event.originalEvent.stopPropagation();
            onSelect(point.markerId);
          }}
        />
      ))}
      {open && <PointPopup point={open} timeZone={timeZone} onClose={() => onSelect(null)} />}
    </LazySiteMap>
  );
};

/** What the pins' looks mean. */
export const MapLegend = () => (
  <Stack
    direction="row"
    useFlexGap
    component="ul"
    aria-label="Map legend"
    sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0 }}
  >
    {(
      [
        ['reached', 'Reached', '#1b5e20', 'solid'],
        ['missed', 'Missed', '#616161', 'dashed'],
        ['door', 'Door', '#0d47a1', 'solid'],
        ['flagged', 'Flagged', '#1b5e20', 'solid'],
      ] as const
    ).map(([key, text, color, line]) => (
      <Stack key={key} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 14,
            height: 14,
            borderRadius: '50%',
            border: `2px ${line} ${color}`,
            bgcolor: key === 'missed' ? '#ffffff' : color,
            boxShadow: key === 'flagged' ? `0 0 0 3px ${FLAGGED_RING}` : undefined,
          }}
        />
        <Typography variant="body2">{text}</Typography>
      </Stack>
    ))}
  </Stack>
);
