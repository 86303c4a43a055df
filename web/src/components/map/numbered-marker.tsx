import { useEffect, useRef } from 'react';
import type { Marker as MapLibreMarker } from 'maplibre-gl';
import { Marker, type MarkerProps } from 'react-map-gl/maplibre';
import { ROUTE_COLOR } from './route-line.tsx';
import { DOOR_COLOR } from './marker-colors.ts';

/**
 * What a pin tells: a planned point of a walk (red, as the route), a point the walk reached (green, filled),
 * one it missed (hollow and grey, dashed: told apart by shape too, not by colour alone), or a door (blue).
 */
export type MarkerState = 'planned' | 'reached' | 'missed' | 'door';

const looks: Record<MarkerState, { fill: string; border: string; text: string; dashed?: boolean }> = {
  planned: { fill: ROUTE_COLOR, border: '#ffffff', text: '#ffffff' },
  reached: { fill: '#1b5e20', border: '#ffffff', text: '#ffffff' },
  missed: { fill: '#ffffff', border: '#616161', text: '#424242', dashed: true },
  door: { fill: DOOR_COLOR, border: '#ffffff', text: '#ffffff' },
};

/** The ring of a flagged pin (a walk report's flags, issue 18): deep orange, apart from the highlight's amber. */
export const FLAGGED_RING = '#e65100';

export interface NumberedMarkerProps extends Omit<MarkerProps, 'children' | 'latitude' | 'longitude'> {
  latitude: number;
  longitude: number;
  /** The number on the pin (the marker's label, 1-based). */
  label: number | string;
  state?: MarkerState;
  /** The pin's accessible name; with `onClick` it is a button. */
  ariaLabel?: string;
  /** Makes the pin stand out (larger, ringed, above the others): the walker's next marker. */
  highlight?: boolean;
  /** Rings the pin in deep orange: something at this point was flagged. */
  flagged?: boolean;
}

/** A numbered pin at a point, its tip on the point. Inside a `SiteMap`; `draggable` and the drag events pass through. */
export const NumberedMarker = ({
  label,
  state = 'planned',
  ariaLabel,
  onClick,
  highlight = false,
  flagged = false,
  style,
  ...props
}: NumberedMarkerProps) => {
  const marker = useRef<MapLibreMarker>(null);
  // maplibre names every marker's wrapper 'Map marker'; the pin inside carries the name (a div may not).
  useEffect(() => {
    marker.current?.getElement().removeAttribute('aria-label');
  });
  const look = looks[state];
  const pin = (
    <span
      style={{
        display: 'grid',
        placeItems: 'center',
        width: highlight ? 36 : 28,
        height: highlight ? 36 : 28,
        borderRadius: '50% 50% 50% 0',
        transform: 'rotate(-45deg)',
        background: look.fill,
        border: `2px ${look.dashed ? 'dashed' : 'solid'} ${look.border}`,
        boxShadow: highlight
          ? '0 0 0 3px #ffb300, 0 2px 6px rgba(0, 0, 0, 0.5)'
          : flagged
            ? `0 0 0 3px ${FLAGGED_RING}, 0 1px 3px rgba(0, 0, 0, 0.45)`
            : '0 1px 3px rgba(0, 0, 0, 0.45)',
        boxSizing: 'border-box',
      }}
    >
      <span
        style={{
          transform: 'rotate(45deg)',
          color: look.text,
          font: `700 ${highlight ? 14 : 12}px/1 system-ui, sans-serif`,
        }}
      >
        {label}
      </span>
    </span>
  );
  return (
    <Marker
      ref={marker}
      anchor="bottom"
      offset={[0, -6]}
      onClick={onClick}
      style={highlight ? { zIndex: 2, ...style } : style}
      {...props}
    >
      {onClick ? (
        <button
          type="button"
          aria-label={ariaLabel ?? `Point ${label}`}
          data-state={state}
          data-highlight={highlight ? 'true' : undefined}
          style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer', display: 'block' }}
        >
          {pin}
        </button>
      ) : (
        <span
          role="img"
          aria-label={ariaLabel ?? `Point ${label}`}
          data-state={state}
          data-highlight={highlight ? 'true' : undefined}
          style={{ display: 'block' }}
        >
          {pin}
        </span>
      )}
    </Marker>
  );
};
