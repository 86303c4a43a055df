import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { LocationClient, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
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
  const location = mockClient(LocationClient);
  const env = { AWS_REGION: 'us-west-2', PLACE_INDEX_NAME: 'sitewalk-places' };
  afterEach(() => location.reset());

  it('searches the place index and maps Point [lng, lat]', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves({
      Results: [
        {
          Place: {
            Label: '2630 W Shaw Ave, Fresno, CA 93711, USA',
            Geometry: { Point: [-119.8465, 36.8081] },
          },
        },
      ],
      Summary: undefined,
    });
    const result = await amazonLocationGeocoder(env, new LocationClient({ region: env.AWS_REGION })).geocode(
      ' 2630 W Shaw Ave, Fresno, CA ',
    );
    expect(result).toEqual({
      lat: 36.8081,
      lng: -119.8465,
      label: '2630 W Shaw Ave, Fresno, CA 93711, USA',
      approximate: false,
    });
    const calls = location.commandCalls(SearchPlaceIndexForTextCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toMatchObject({
      IndexName: 'sitewalk-places',
      Text: '2630 W Shaw Ave, Fresno, CA',
    });
  });

  it('answers null when nothing matches', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves({ Results: [], Summary: undefined });
    expect(await amazonLocationGeocoder(env).geocode('nowhere at all')).toBeNull();
  });
});
