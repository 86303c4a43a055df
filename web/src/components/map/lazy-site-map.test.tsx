import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { LazySiteMap } from './lazy-site-map.tsx';

vi.mock('maplibre-gl', () => import('../../testing/maplibre-gl-stub.ts'));
vi.mock('react-map-gl/maplibre', () => import('../../testing/react-map-gl-stub.tsx'));

describe('LazySiteMap', () => {
  it('shows a spinner named after the map until the map module is there, then the map', async () => {
    renderWithProviders(<LazySiteMap ariaLabel="Location map" height={280} />);
    expect(screen.getByRole('progressbar', { name: 'Loading Location map' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Location map' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
