import { screen } from '@testing-library/react';
import { distanceMeters } from '@sitewalk/shared/arrival';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { circleRing, LivePosition } from './live-position.tsx';
import { SiteMap } from './site-map.tsx';

describe('circleRing', () => {
  it('is a closed ring whose every point is the radius away from the centre', () => {
    const ring = circleRing(39.8, -89.6, 30);
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring.at(-1));
    for (const [lng, lat] of ring) {
      expect(distanceMeters({ lat: 39.8, lng: -89.6 }, { lat, lng })).toBeCloseTo(30, 3);
    }
  });
});

describe('LivePosition', () => {
  it('draws a dot at the fix and a circle of its accuracy in metres', async () => {
    renderWithProviders(
      <SiteMap ariaLabel="Map">
        <LivePosition latitude={39.8} longitude={-89.6} accuracy={12.4} />
      </SiteMap>,
    );
    const dot = await screen.findByRole('img', { name: 'Your position, ±12 m' });
    expect(dot.closest('[data-testid="map-marker"]')).toHaveAttribute('data-position', '39.8,-89.6');
    expect(dot).toHaveAttribute('data-stale', 'false');
    const circle = JSON.parse(screen.getByTestId('map-source').dataset.geojson ?? '{}') as {
      geometry: { type: string; coordinates: [number, number][][] };
    };
    expect(circle.geometry.type).toBe('Polygon');
    const [lng, lat] = circle.geometry.coordinates[0]![10]!;
    expect(distanceMeters({ lat: 39.8, lng: -89.6 }, { lat, lng })).toBeCloseTo(12.4, 3);
    expect(screen.getAllByTestId('map-layer').map((layer) => layer.dataset.type)).toEqual(['fill', 'line']);
  });

  it('shows a stale fix grey, and no circle without an accuracy', async () => {
    renderWithProviders(
      <SiteMap ariaLabel="Map">
        <LivePosition latitude={1} longitude={2} accuracy={0} stale />
      </SiteMap>,
    );
    expect(await screen.findByRole('img', { name: 'Your position, ±0 m' })).toHaveAttribute(
      'data-stale',
      'true',
    );
    expect(screen.queryByTestId('map-source')).not.toBeInTheDocument();
  });
});
