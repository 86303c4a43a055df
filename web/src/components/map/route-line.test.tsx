import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { RouteLine, routeCoordinates } from './route-line.tsx';
import { SiteMap } from './site-map.tsx';

describe('routeCoordinates', () => {
  it('keeps only points with numeric lat and lng, in order, as [lng, lat]', () => {
    expect(
      routeCoordinates([
        { lat: 1, lng: 2 },
        { lat: null, lng: 3 },
        { lat: 4, lng: undefined },
        { lat: Number.NaN, lng: 5 },
        { lat: 6, lng: 7 },
      ]),
    ).toEqual([
      [2, 1],
      [7, 6],
    ]);
  });
});

describe('RouteLine', () => {
  it('draws a red line of weight 2 through the points', async () => {
    renderWithProviders(
      <SiteMap ariaLabel="Map">
        <RouteLine
          positions={[
            { lat: 1, lng: 2 },
            { lat: 3, lng: 4 },
          ]}
        />
      </SiteMap>,
    );
    const layer = await screen.findByTestId('map-layer');
    expect(layer).toHaveAttribute('data-type', 'line');
    expect(JSON.parse(layer.dataset.paint ?? '{}')).toEqual({ 'line-color': '#d32f2f', 'line-width': 2 });
    expect(JSON.parse(screen.getByTestId('map-source').dataset.geojson ?? '{}')).toMatchObject({
      geometry: {
        type: 'LineString',
        coordinates: [
          [2, 1],
          [4, 3],
        ],
      },
    });
  });

  it('draws nothing through fewer than two drawable points', async () => {
    renderWithProviders(
      <SiteMap ariaLabel="Map">
        <RouteLine
          positions={[
            { lat: 1, lng: 2 },
            { lat: null, lng: 4 },
          ]}
        />
      </SiteMap>,
    );
    await screen.findByRole('region', { name: 'Map' });
    expect(screen.queryByTestId('map-source')).not.toBeInTheDocument();
  });
});
