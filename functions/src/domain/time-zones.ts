import tzLookup from '@photostructure/tz-lookup';

/** The IANA time zone at a position, from an offline map of the zones (no network); UTC where it has none. */
export const timeZoneAt = (latitude: number, longitude: number): string => {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return 'UTC';
  }
};
