import { LocationClient, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
import type { Env } from '../env.ts';

export interface GeocodeResult {
  lat: number;
  lng: number;
  label: string;
  /** True when the point is only the ZIP code's centre (the offline geocoder), not the address itself. */
  approximate: boolean;
}

/** Address search: Amazon Location in AWS, an offline US ZIP code table on the local host. */
export interface Geocoder {
  /** The best match for a free-text address, or null when nothing matches. */
  geocode(address: string): Promise<GeocodeResult | null>;
}

export const amazonLocationGeocoder = (
  env: Env<'AWS_REGION' | 'PLACE_INDEX_NAME'>,
  client: LocationClient = new LocationClient({ region: env.AWS_REGION }),
): Geocoder => ({
  async geocode(address) {
    const text = address.trim();
    if (!text) return null;
    const result = await client.send(
      new SearchPlaceIndexForTextCommand({ IndexName: env.PLACE_INDEX_NAME, Text: text, MaxResults: 1 }),
    );
    const place = result.Results?.[0]?.Place;
    const [lng, lat] = place?.Geometry?.Point ?? [];
    if (!place || lng === undefined || lat === undefined) return null;
    return { lat, lng, label: place.Label ?? text, approximate: false };
  },
});

/** The last 5-digit group of an address, optionally followed by a ZIP+4 suffix. */
export const zipOf = (address: string): string | null => {
  const matches = [...address.matchAll(/(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/g)];
  return matches.at(-1)?.[1] ?? null;
};

/**
 * For the local host: the centre of the address's US ZIP code, from the `zipcodes` package's table
 * (bundled, no network). Loaded on first use, so hosts that never geocode offline never pay for it.
 */
export const offlineZipGeocoder = (): Geocoder => {
  let table: Promise<typeof import('zipcodes')> | undefined;
  return {
    async geocode(address) {
      const zip = zipOf(address);
      if (!zip) return null;
      table ??= import('zipcodes');
      const found = (await table).lookup(zip);
      // The table also holds Canadian postal codes; only US ZIP codes can match five digits, but be sure.
      if (!found || found.country !== 'US') return null;
      return {
        lat: found.latitude,
        lng: found.longitude,
        label: `${found.city}, ${found.state} ${found.zip} (ZIP code centre)`,
        approximate: true,
      };
    },
  };
};
