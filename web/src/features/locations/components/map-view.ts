/** What a location's map shows: its centre and zoom. */
export interface MapView {
  latitude: number;
  longitude: number;
  zoom: number;
}

/** A point to move the map to; `key` changes with every request, so the same point can be asked twice. */
export interface MapTarget extends MapView {
  key: number;
}

/** Seven decimals are about a centimetre: enough for a location, and stable to compare. */
export const roundView = ({ latitude, longitude, zoom }: MapView): MapView => ({
  latitude: Math.round(latitude * 1e7) / 1e7,
  longitude: Math.round(longitude * 1e7) / 1e7,
  zoom: Math.round(zoom * 100) / 100,
});
