import { describe, expect, it } from 'vitest';
import { KEYBOARD_DRAG_STEP_PX, stepCoordinates } from './markers-list.tsx';

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
