import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { renderWithProviders, testConfig } from '../../../testing/test-utils.tsx';
import { fireMarkerDragEnd } from '../../../testing/react-map-gl-stub.tsx';
import { initialWalkEditorState, walkEditorReducer } from './walk-editor-state.ts';
import { WalkMap } from './walk-map.tsx';

const state = [
  { type: 'add', lat: 39.801, lng: -89.601 },
  { type: 'add', lat: 39.802, lng: -89.602 },
  { type: 'add', lat: 39.803, lng: -89.603 },
] as const;
const { markers } = state.reduce(walkEditorReducer, initialWalkEditorState);
const withDoor = walkEditorReducer(
  { ...initialWalkEditorState, markers },
  { type: 'toggleDoor', key: markers[1]!.key },
).markers;

const renderMap = (draggable = true, config: Partial<RuntimeConfig> = {}) => {
  const onAdd = vi.fn();
  const onMove = vi.fn();
  const rendered = renderWithProviders(
    <WalkMap
      center={{ latitude: 39.8, longitude: -89.6, zoom: 17 }}
      markers={withDoor}
      draggable={draggable}
      onAdd={onAdd}
      onMove={onMove}
    />,
    { config },
  );
  return { ...rendered, onAdd, onMove };
};

describe('WalkMap', () => {
  it('opens at the centre and zoom given, with numbered pins, the door told apart, and the red route', async () => {
    renderMap();
    await screen.findByRole('region', { name: 'Walk map' });
    expect(screen.getByTestId('map')).toHaveAttribute('data-view', '39.8,-89.6,17');
    expect(screen.getAllByTestId('map-marker').map((pin) => pin.dataset.position)).toEqual([
      '39.801,-89.601',
      '39.802,-89.602',
      '39.803,-89.603',
    ]);
    expect(screen.getByRole('img', { name: 'Point 2, door' })).toHaveAttribute('data-state', 'door');
    expect(screen.getByRole('img', { name: 'Point 3' })).toHaveAttribute('data-state', 'planned');
    const route = JSON.parse(screen.getByTestId('map-source').dataset.geojson!) as {
      geometry: { coordinates: number[][] };
    };
    expect(route.geometry.coordinates).toEqual([
      [-89.601, 39.801],
      [-89.602, 39.802],
      [-89.603, 39.803],
    ]);
    expect(JSON.parse(screen.getByTestId('map-layer').dataset.paint!)).toMatchObject({ 'line-width': 2 });
  });

  it('moves a dragged pin and adds a point at the centre', async () => {
    const { user, onAdd, onMove } = renderMap();
    await screen.findByRole('region', { name: 'Walk map' });
    fireMarkerDragEnd('39.802,-89.602', { lat: 39.9, lng: -89.9 });
    expect(onMove).toHaveBeenCalledWith(withDoor[1]!.key, 39.9, -89.9);
    await user.click(screen.getByRole('button', { name: 'Add at centre' }));
    expect(onAdd).toHaveBeenCalledWith(39.8, -89.6);
  });

  it('read-only: the pins do not drag and nothing adds', async () => {
    renderMap(false);
    await screen.findByRole('region', { name: 'Walk map' });
    expect(screen.getAllByTestId('map-marker').every((pin) => pin.dataset.draggable === undefined)).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Add at centre' })).not.toBeInTheDocument();
  });

  describe('the style switch', () => {
    const imageryStyleUrls = {
      satellite: 'https://maps.geo.us-east-1.amazonaws.com/v2/styles/Satellite/descriptor?key=k',
      hybrid: 'https://maps.geo.us-east-1.amazonaws.com/v2/styles/Hybrid/descriptor?key=k',
    };
    const styleShown = () => screen.getByTestId('map').dataset.style;

    it('shows the map, then Satellite and Hybrid imagery, and back, the pins and route staying', async () => {
      const { user } = renderMap(true, { imageryStyleUrls });
      await screen.findByRole('region', { name: 'Walk map' });
      const group = screen.getByRole('group', { name: 'Map style' });
      expect(group).not.toHaveAttribute('aria-describedby');
      expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
      expect(styleShown()).toBe(testConfig.mapStyleUrl);
      expect(screen.queryByText(/need the AWS deployment/)).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Satellite' }));
      expect(styleShown()).toBe(imageryStyleUrls.satellite);
      expect(screen.getByRole('button', { name: 'Satellite' })).toHaveAttribute('aria-pressed', 'true');
      await user.click(screen.getByRole('button', { name: 'Hybrid' }));
      expect(styleShown()).toBe(imageryStyleUrls.hybrid);
      expect(screen.getAllByTestId('map-marker')).toHaveLength(3);
      expect(screen.getByTestId('map-source')).toBeInTheDocument();
      // A second click on the style shown keeps it (one style is always chosen).
      await user.click(screen.getByRole('button', { name: 'Hybrid' }));
      expect(styleShown()).toBe(imageryStyleUrls.hybrid);
      await user.click(screen.getByRole('button', { name: 'Map' }));
      expect(styleShown()).toBe(testConfig.mapStyleUrl);
    });

    it('without imagery (locally): the map stays, Satellite and Hybrid are disabled and a note says why', async () => {
      const { user } = renderMap(false);
      await screen.findByRole('region', { name: 'Walk map' });
      const note = screen.getByText(
        'Satellite and Hybrid imagery need the AWS deployment (Amazon Location); this local map has none.',
      );
      expect(screen.getByRole('group', { name: 'Map style' })).toHaveAttribute('aria-describedby', note.id);
      for (const name of ['Satellite', 'Hybrid']) {
        const button = screen.getByRole('button', { name });
        expect(button).toBeDisabled();
        await user.click(button).catch(() => undefined);
      }
      expect(styleShown()).toBe(testConfig.mapStyleUrl);
      expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    });
  });
});
