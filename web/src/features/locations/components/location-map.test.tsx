import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mapCalls } from '../../../testing/react-map-gl-stub.tsx';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { LocationMap } from './location-map.tsx';
import type { MapTarget } from './map-view.ts';

const view = { latitude: 36.7783, longitude: -119.4179, zoom: 15 };

describe('LocationMap', () => {
  it('opens at its view, says when it has loaded and draws the numbered pin', async () => {
    renderWithProviders(
      <LocationMap
        initialView={view}
        ariaLabel="Map of Harbor"
        pin={{ latitude: 39.8, longitude: -89.6, label: 3, title: '3 unresolved incidents at Harbor' }}
      />,
    );
    await screen.findByRole('region', { name: 'Map of Harbor' });
    const map = screen.getByTestId('map');
    expect(map).toHaveAttribute('data-view', '36.7783,-119.4179,15');
    await waitFor(() => expect(map.closest('[data-map-loaded]')).toHaveAttribute('data-map-loaded', 'true'));
    const pin = screen.getByRole('img', { name: '3 unresolved incidents at Harbor' });
    expect(pin).toHaveTextContent('3');
    expect(screen.getByTestId('map-marker')).toHaveAttribute('data-position', '39.8,-89.6');
  });

  it('flies to each new target', async () => {
    mapCalls.flyTo.length = 0;
    const Harness = () => {
      const [target, setTarget] = useState<MapTarget | null>(null);
      return (
        <>
          <button
            type="button"
            onClick={() => setTarget({ latitude: 36.7, longitude: -119.7, zoom: 18, key: Date.now() })}
          >
            search
          </button>
          <LocationMap initialView={view} ariaLabel="Map" target={target} />
        </>
      );
    };
    const { user } = renderWithProviders(<Harness />);
    await screen.findByRole('region', { name: 'Map' });
    expect(mapCalls.flyTo).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(mapCalls.flyTo).toEqual([{ center: [-119.7, 36.7], zoom: 18 }]));
    await user.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(mapCalls.flyTo).toHaveLength(2));
    expect(screen.queryByTestId('map-marker')).not.toBeInTheDocument();
  });
});
