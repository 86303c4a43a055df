import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fireMarkerDragEnd } from '../../testing/react-map-gl-stub.tsx';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { NumberedMarker } from './numbered-marker.tsx';
import { SiteMap } from './site-map.tsx';

describe('NumberedMarker', () => {
  it('is a numbered pin named after its point, its state told by its look', async () => {
    renderWithProviders(
      <SiteMap ariaLabel="Map">
        <NumberedMarker latitude={1} longitude={2} label={1} state="reached" ariaLabel="Point 1, reached" />
        <NumberedMarker latitude={3} longitude={4} label={2} state="missed" />
      </SiteMap>,
    );
    const reached = await screen.findByRole('img', { name: 'Point 1, reached' });
    const missed = screen.getByRole('img', { name: 'Point 2' });
    expect(reached).toHaveTextContent('1');
    expect(reached).toHaveAttribute('data-state', 'reached');
    expect(missed).toHaveAttribute('data-state', 'missed');
    // Missed is hollow and dashed, not only another colour.
    expect(missed.firstElementChild).toHaveStyle({ background: '#ffffff' });
    expect((missed.firstElementChild as HTMLElement).style.border).toContain('dashed');
    expect((reached.firstElementChild as HTMLElement).style.border).toContain('solid');
  });

  it('stands out when highlighted: larger and ringed', async () => {
    renderWithProviders(
      <SiteMap ariaLabel="Map">
        <NumberedMarker latitude={1} longitude={2} label={1} highlight />
        <NumberedMarker latitude={3} longitude={4} label={2} />
      </SiteMap>,
    );
    const next = await screen.findByRole('img', { name: 'Point 1' });
    const other = screen.getByRole('img', { name: 'Point 2' });
    expect(next).toHaveAttribute('data-highlight', 'true');
    expect(other).not.toHaveAttribute('data-highlight');
    expect(next.firstElementChild).toHaveStyle({ width: '36px' });
    expect(other.firstElementChild).toHaveStyle({ width: '28px' });
    expect((next.firstElementChild as HTMLElement).style.boxShadow).toContain('#ffb300');
  });

  it('is a button when it can be clicked', async () => {
    const onClick = vi.fn();
    const { user } = renderWithProviders(
      <SiteMap ariaLabel="Map">
        <NumberedMarker latitude={1} longitude={2} label={4} state="door" onClick={onClick} />
      </SiteMap>,
    );
    await user.click(await screen.findByRole('button', { name: 'Point 4' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('passes a drag on the map back with the new place', async () => {
    const onDragEnd = vi.fn();
    renderWithProviders(
      <SiteMap ariaLabel="Map">
        <NumberedMarker latitude={1} longitude={2} label={1} draggable onDragEnd={onDragEnd} />
      </SiteMap>,
    );
    await screen.findByRole('img', { name: 'Point 1' });
    fireMarkerDragEnd('1,2', { lat: 5, lng: 6 });
    expect(onDragEnd).toHaveBeenCalledWith({ lngLat: { lat: 5, lng: 6 } });
  });
});
