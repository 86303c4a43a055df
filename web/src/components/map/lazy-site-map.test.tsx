import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { LazySiteMap } from './lazy-site-map.tsx';

describe('LazySiteMap', () => {
  it('shows a spinner named after the map until the map module is there, then the map', async () => {
    renderWithProviders(<LazySiteMap ariaLabel="Location map" height={280} />);
    expect(screen.getByRole('progressbar', { name: 'Loading Location map' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Location map' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
