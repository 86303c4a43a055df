import tzLookup from '@photostructure/tz-lookup';

// Kept apart from shared/src/time.ts: the map of the zones (about 30 kB gzipped) then loads only with the
// screens that need a location's zone, not with every screen that writes a time.

/** The IANA time zone at a position, from an offline map of the zones (no network); UTC where it has none. */
export const timeZoneAt = (latitude: number, longitude: number): string => {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return 'UTC';
  }
};

/** A location's time zone: the one at its coordinates (the walk report and incident PDFs use it too). */
export const locationTimeZone = (location: { latitude: number; longitude: number }): string =>
  timeZoneAt(location.latitude, location.longitude);
