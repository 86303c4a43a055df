import { screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { workerUrls } from '../../testing/maplibre-gl-stub.ts';
import { SiteMap } from './site-map.tsx';

describe('SiteMap', () => {
  it('gives maplibre the worker bundled with the app, once, when the map module loads', () => {
    expect(workerUrls).toHaveLength(1);
    expect(workerUrls[0]).toMatch(/maplibre-gl-worker\.mjs/);
  });

  it('shows the runtime config style with its name, view and children, and reports its load', async () => {
    const onLoad = vi.fn();
    renderWithProviders(
      <SiteMap
        ariaLabel="Walk route map"
        initialViewState={{ latitude: 36.7783, longitude: -119.4179, zoom: 15 }}
        height={320}
        onLoad={onLoad}
      >
        <p>a marker</p>
      </SiteMap>,
      { config: { mapStyleUrl: 'http://localhost:3000/map/style.json' } },
    );
    await screen.findByRole('region', { name: 'Walk route map' });
    const map = screen.getByTestId('map');
    expect(map).toHaveAttribute('data-style', 'http://localhost:3000/map/style.json');
    expect(map).toHaveAttribute('data-view', '36.7783,-119.4179,15');
    expect(map).toHaveTextContent('a marker');
    expect(map.parentElement).toHaveStyle({ height: '320px' });
    await waitFor(() => expect(onLoad).toHaveBeenCalledTimes(1));
    expect(map.parentElement).toHaveAttribute('data-map-loaded', 'true');
    expect(performance.getEntriesByName('sitewalk:map-load')).not.toHaveLength(0);
  });

  it('hands its ref over, so a page can move the map', async () => {
    const ref = createRef<MapRef>();
    renderWithProviders(
      <SiteMap ariaLabel="Map" ref={ref} initialViewState={{ latitude: 1, longitude: 2, zoom: 3 }} />,
    );
    await screen.findByRole('region', { name: 'Map' });
    ref.current?.flyTo({ center: [5, 6], zoom: 18 });
    expect(ref.current?.getCenter()).toEqual({ lat: 6, lng: 5 });
    expect(ref.current?.getZoom()).toBe(18);
  });
});
