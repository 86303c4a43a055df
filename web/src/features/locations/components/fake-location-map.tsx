import type { LocationMapProps } from './location-map.tsx';

/**
 * The map as component tests see it (maplibre does not run in jsdom): what it was given, as text, and a
 * button that moves it as a user would. Tests mock `location-map.tsx` with this.
 */
export const FakeLocationMap = ({ initialView, target, onViewChange, pin, ariaLabel }: LocationMapProps) => (
  <div role="region" aria-label={ariaLabel}>
    <p>
      start {initialView.latitude}, {initialView.longitude} zoom {initialView.zoom}
    </p>
    {target && (
      <p>
        moved to {target.latitude}, {target.longitude} zoom {target.zoom}
      </p>
    )}
    {pin && (
      <p>
        pin {pin.label}: {pin.title}
      </p>
    )}
    <button
      type="button"
      onClick={() => onViewChange?.({ latitude: 40.123456789, longitude: -100.5, zoom: 17.25 })}
    >
      move the map
    </button>
  </div>
);
