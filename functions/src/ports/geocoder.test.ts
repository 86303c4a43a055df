import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GeocodeCommand, GeoPlacesClient, ValidationException } from '@aws-sdk/client-geo-places';
import { amazonLocationGeocoder, offlineZipGeocoder, zipOf, type GeocodeResult } from './geocoder.ts';

describe('zipOf', () => {
  it('takes the last 5-digit group, with or without a ZIP+4 suffix', () => {
    expect(zipOf('12345 Main St, Fresno, CA 93650')).toBe('93650');
    expect(zipOf('12345 Main St, Fresno, CA 93650-1234')).toBe('93650');
    expect(zipOf('1 Main St, Fresno, CA')).toBeNull();
    expect(zipOf('Suite 123456')).toBeNull();
  });
});

/** Within ~0.2 degrees of the true centroid. */
const near = (result: GeocodeResult | null, expected: { lat: number; lng: number }) => {
  expect(result).not.toBeNull();
  expect(Math.abs((result?.lat ?? NaN) - expected.lat)).toBeLessThan(0.2);
  expect(Math.abs((result?.lng ?? NaN) - expected.lng)).toBeLessThan(0.2);
};

describe('offlineZipGeocoder', () => {
  const geocoder = offlineZipGeocoder();

  it("answers the ZIP code's centre, labelled approximate", async () => {
    const fresno = await geocoder.geocode('2630 W Shaw Ave, Fresno, CA 93650');
    expect(fresno).toMatchObject({ label: 'Fresno, CA 93650 (ZIP code centre)', approximate: true });
    near(fresno, { lat: 36.84, lng: -119.8 });

    const newYork = await geocoder.geocode('350 5th Ave, New York, NY 10001');
    expect(newYork).toMatchObject({ label: 'New York, NY 10001 (ZIP code centre)', approximate: true });
    near(newYork, { lat: 40.75, lng: -74.0 });
  });

  it('reads a ZIP+4', async () => {
    const result = await geocoder.geocode('Fresno CA 93650-4321');
    expect(result?.label).toBe('Fresno, CA 93650 (ZIP code centre)');
  });

  it('answers null without a ZIP code or for an unknown one', async () => {
    expect(await geocoder.geocode('1 Main St, Fresno, CA')).toBeNull();
    expect(await geocoder.geocode('')).toBeNull();
    expect(await geocoder.geocode('Nowhere 00000')).toBeNull();
  });
});

describe('amazonLocationGeocoder', () => {
  const places = mockClient(GeoPlacesClient);
  const env = { AWS_REGION: 'us-west-2' };
  const geocoder = () => amazonLocationGeocoder(env, new GeoPlacesClient({ region: env.AWS_REGION }));
  afterEach(() => places.reset());

  const answer = (item: Record<string, unknown>) =>
    places.on(GeocodeCommand).resolves({
      PricingBucket: 'Core',
      ResultItems: [{ PlaceId: 'p1', PlaceType: undefined, Title: undefined, ...item }],
    });

  it('asks the Places API once, for the trimmed text, to store the result', async () => {
    answer({ PlaceType: 'PointAddress', Title: 'x', Position: [-119.8465, 36.8081] });
    await geocoder().geocode('  2630 W Shaw Ave, Fresno, CA  ');
    const calls = places.commandCalls(GeocodeCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      QueryText: '2630 W Shaw Ave, Fresno, CA',
      MaxResults: 1,
      IntendedUse: 'Storage',
    });
  });

  it('reads Position as [longitude, latitude] and labels the point with its address', async () => {
    answer({
      PlaceType: 'PointAddress',
      Title: '2630 W Shaw Ave, Fresno, CA 93711-2706, United States',
      Address: { Label: '2630 W Shaw Ave, Fresno, CA 93711-2706, United States' },
      Position: [-119.8465, 36.8081],
    });
    expect(await geocoder().geocode('2630 W Shaw Ave, Fresno, CA')).toEqual({
      lat: 36.8081,
      lng: -119.8465,
      label: '2630 W Shaw Ave, Fresno, CA 93711-2706, United States',
      approximate: false,
    });
  });

  it('marks a street, postal code or town as approximate, and falls back to the title for a label', async () => {
    answer({ PlaceType: 'Street', Title: 'W Shaw Ave, Fresno, CA, United States', Position: [-119.8, 36.8] });
    expect(await geocoder().geocode('W Shaw Ave, Fresno')).toMatchObject({
      label: 'W Shaw Ave, Fresno, CA, United States',
      approximate: true,
    });
    places.reset();
    answer({ PlaceType: 'PostalCode', Title: '93650, Fresno, CA', Position: [-119.8, 36.84] });
    expect((await geocoder().geocode('93650'))?.approximate).toBe(true);
    places.reset();
    answer({ PlaceType: 'InterpolatedAddress', Title: '12 Main St', Position: [-119.8, 36.84] });
    expect((await geocoder().geocode('12 Main St'))?.approximate).toBe(false);
  });

  it('answers null when nothing matches, or the match has no position', async () => {
    places.on(GeocodeCommand).resolves({ PricingBucket: 'Core', ResultItems: [] });
    expect(await geocoder().geocode('nowhere at all')).toBeNull();
    places.reset();
    places.on(GeocodeCommand).resolves({ PricingBucket: 'Core' });
    expect(await geocoder().geocode('nowhere at all')).toBeNull();
    places.reset();
    answer({ PlaceType: 'PointAddress', Title: 'x' });
    expect(await geocoder().geocode('1 Main St')).toBeNull();
  });

  it('does not call the API for blank text', async () => {
    expect(await geocoder().geocode('   ')).toBeNull();
    expect(places.commandCalls(GeocodeCommand)).toHaveLength(0);
  });

  it('passes an SDK error on, for the API to answer 500', async () => {
    const refused = new ValidationException({
      message: 'QueryText is invalid',
      Message: 'QueryText is invalid',
      $metadata: {},
      Reason: 'FieldValidationFailed',
      FieldList: [],
    });
    places.on(GeocodeCommand).rejects(refused);
    await expect(geocoder().geocode('2630 W Shaw Ave')).rejects.toBe(refused);
  });
});
