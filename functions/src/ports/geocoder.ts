import { GeocodeCommand, GeoPlacesClient, type PlaceType } from '@aws-sdk/client-geo-places';
import type { Env } from '../env.ts';
import { tracedClient } from './tracer.ts';

export interface GeocodeResult {
  lat: number;
  lng: number;
  label: string;
  /**
   * True when the point is not the address itself: the ZIP code's centre (the offline geocoder), or a
   * street, postal code or town (Amazon Location, when it finds no closer match).
   */
  approximate: boolean;
}

/** Address search: Amazon Location in AWS, an offline US ZIP code table on the local host. */
export interface Geocoder {
  /** The best match for a free-text address, or null when nothing matches. */
  geocode(address: string): Promise<GeocodeResult | null>;
}

/** The Places API's kinds of result that stand on the address (or the place) itself. */
const EXACT_PLACE_TYPES: ReadonlySet<PlaceType> = new Set<PlaceType>([
  'PointAddress',
  'InterpolatedAddress',
  'SecondaryAddress',
  'InferredSecondaryAddress',
  'PointOfInterest',
  'Intersection',
]);

/**
 * Amazon Location's Places API v2 (`Geocode`, granted on the `geo-places` provider; no place index). A
 * location keeps the coordinates it is geocoded to, which the data providers' terms allow only under the
 * intended use 'Storage'.
 */
export const amazonLocationGeocoder = (env: Env<'AWS_REGION'>, client?: GeoPlacesClient): Geocoder => {
  const places = tracedClient(() => client ?? new GeoPlacesClient({ region: env.AWS_REGION }));
  return {
    async geocode(address) {
      const text = address.trim();
      if (!text) return null;
      const result = await places().send(
        new GeocodeCommand({ QueryText: text, MaxResults: 1, IntendedUse: 'Storage' }),
      );
      const place = result.ResultItems?.[0];
      // [longitude, latitude], as GeoJSON.
      const [lng, lat] = place?.Position ?? [];
      if (!place || lng === undefined || lat === undefined) return null;
      return {
        lat,
        lng,
        label: place.Address?.Label ?? place.Title ?? text,
        approximate: !place.PlaceType || !EXACT_PLACE_TYPES.has(place.PlaceType),
      };
    },
  };
};

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
