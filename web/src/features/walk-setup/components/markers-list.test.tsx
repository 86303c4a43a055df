import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { KEYBOARD_DRAG_STEP_PX, MarkersList, stepCoordinates } from './markers-list.tsx';
import type { EditorMarker } from './walk-editor-state.ts';
import { DOOR_COLOR } from '../../../components/map/marker-colors.ts';
import { ROUTE_COLOR } from '../../../components/map/route-line.tsx';

const step = (code: string) =>
  stepCoordinates(new KeyboardEvent('keydown', { code }), {
    currentCoordinates: { x: 100, y: 200 },
    active: 'm1',
    context: {} as never,
  });

describe('the markers list keyboard drag', () => {
  it('moves the picked-up row 25 px per arrow key', () => {
    expect(KEYBOARD_DRAG_STEP_PX).toBe(25);
    expect(step('ArrowDown')).toEqual({ x: 100, y: 225 });
    expect(step('ArrowUp')).toEqual({ x: 100, y: 175 });
    expect(step('ArrowRight')).toEqual({ x: 125, y: 200 });
    expect(step('ArrowLeft')).toEqual({ x: 75, y: 200 });
    expect(step('KeyA')).toBeUndefined();
  });
});

const point = (label: number, isDoor: boolean): EditorMarker => ({
  key: `m${label}`,
  label,
  lat: 36.8,
  lng: -119.7,
  notes: '',
  unitNumberRange: '',
  hasUnitRange: false,
  isDoor,
  isCompleted: false,
});

/** CSS's rgb() of a #rrggbb colour, as the browser computes it. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

describe('the markers list', () => {
  it("numbers a door in the map's door blue and any other point in the route's red", () => {
    const none = () => undefined;
    render(
      <MarkersList
        markers={[point(1, false), point(2, true)]}
        onReorder={none}
        onRemove={none}
        onEditRange={none}
        onToggleDoor={none}
      />,
    );
    const [plain, door] = screen.getAllByTestId('marker-row');
    expect(plain?.querySelector('span')?.textContent).toBe('1');
    expect(plain?.querySelector('span')).toHaveStyle({ backgroundColor: rgb(ROUTE_COLOR) });
    expect(door?.querySelector('span')?.textContent).toBe('2');
    expect(door?.querySelector('span')).toHaveStyle({ backgroundColor: rgb(DOOR_COLOR) });
  });
});
