import { describe, expect, it } from 'vitest';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import {
  initialWalkEditorState,
  markersForSave,
  walkEditorReducer,
  type WalkEditorAction,
  type WalkEditorState,
} from './walk-editor-state.ts';

const run = (actions: WalkEditorAction[], state: WalkEditorState = initialWalkEditorState) =>
  actions.reduce(walkEditorReducer, state);

const add = (n: number): WalkEditorAction => ({ type: 'add', lat: 36 + n / 1000, lng: -119 - n / 1000 });
const five = run([add(1), add(2), add(3), add(4), add(5)]);
const summary = (state: WalkEditorState) => state.markers.map((m) => `${m.label}:${m.lat.toFixed(3)}`);

const savedWalk: Walk = {
  id: 7,
  name: 'Night round',
  description: 'Gates first',
  locationId: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  deletedAt: null,
  markers: [
    // Out of order on purpose: the editor follows `order`.
    {
      id: 72,
      walkId: 7,
      label: 2,
      lat: 36.2,
      lng: -119.2,
      notes: '',
      unitNumberRange: '100-120',
      hasUnitRange: true,
      isDoor: false,
      order: 1,
    },
    {
      id: 71,
      walkId: 7,
      label: 1,
      lat: 36.1,
      lng: -119.1,
      notes: 'Gate',
      unitNumberRange: '',
      hasUnitRange: false,
      isDoor: true,
      order: 0,
    },
  ],
};

describe('walkEditorReducer', () => {
  it('adds markers in order, labelled 1..n, and the editor becomes dirty', () => {
    expect(initialWalkEditorState.dirty).toBe(false);
    expect(summary(five)).toEqual(['1:36.001', '2:36.002', '3:36.003', '4:36.004', '5:36.005']);
    expect(new Set(five.markers.map((m) => m.key)).size).toBe(5);
    expect(five.dirty).toBe(true);
    expect(five.markers.every((m) => m.id === undefined && !m.hasUnitRange && !m.isDoor)).toBe(true);
  });

  it('undo takes the last marker onto the redo stack and redo brings it back', () => {
    const undone = run([{ type: 'undo' }, { type: 'undo' }], five);
    expect(summary(undone)).toEqual(['1:36.001', '2:36.002', '3:36.003']);
    expect(undone.redo).toHaveLength(2);
    const redone = run([{ type: 'redo' }], undone);
    expect(summary(redone)).toEqual(['1:36.001', '2:36.002', '3:36.003', '4:36.004']);
    expect(redone.markers[3]!.key).toBe(five.markers[3]!.key);
    expect(summary(run([{ type: 'redo' }], redone))).toEqual(summary(five));
  });

  it('adding a marker clears the redo stack; undo and redo with nothing to do change nothing', () => {
    const afterAdd = run([{ type: 'undo' }, add(9)], five);
    expect(afterAdd.redo).toEqual([]);
    expect(run([{ type: 'redo' }], afterAdd)).toBe(afterAdd);
    expect(run([{ type: 'undo' }], initialWalkEditorState)).toBe(initialWalkEditorState);
  });

  it('reorders and relabels 1..n', () => {
    const reordered = run([{ type: 'reorder', from: 4, to: 0 }], five);
    expect(summary(reordered)).toEqual(['1:36.005', '2:36.001', '3:36.002', '4:36.003', '5:36.004']);
    const down = run([{ type: 'reorder', from: 0, to: 2 }], five);
    expect(summary(down)).toEqual(['1:36.002', '2:36.003', '3:36.001', '4:36.004', '5:36.005']);
    expect(run([{ type: 'reorder', from: 1, to: 9 }], five)).toBe(five);
    expect(run([{ type: 'reorder', from: 2, to: 2 }], five)).toBe(five);
  });

  it('removes a marker and relabels the rest', () => {
    const removed = run([{ type: 'remove', key: five.markers[1]!.key }], five);
    expect(summary(removed)).toEqual(['1:36.001', '2:36.003', '3:36.004', '4:36.005']);
    expect(run([{ type: 'remove', key: 'nope' }], five)).toBe(five);
  });

  it('moves a marker dragged on the map', () => {
    const moved = run([{ type: 'move', key: five.markers[2]!.key, lat: 40, lng: -100 }], five);
    expect(moved.markers[2]).toMatchObject({ label: 3, lat: 40, lng: -100 });
  });

  it('sets a range, stripping characters other than digits, commas, spaces and hyphens', () => {
    const key = five.markers[0]!.key;
    const ranged = run([{ type: 'setRange', key, text: 'Units 10-20, 3a5; B7\t' }], five);
    expect(ranged.markers[0]).toMatchObject({ unitNumberRange: '10-20, 35 7', hasUnitRange: true });
    const cleared = run([{ type: 'setRange', key, text: 'abc' }], ranged);
    expect(cleared.markers[0]).toMatchObject({ unitNumberRange: '', hasUnitRange: false });
  });

  it('Add Unit Number Range appends a range-only point at the last point, completed and ranged', () => {
    const withRange = run([{ type: 'addRange', text: '200-250x' }], five);
    expect(withRange.markers).toHaveLength(6);
    expect(withRange.markers[5]).toMatchObject({
      label: 6,
      lat: five.markers[4]!.lat,
      lng: five.markers[4]!.lng,
      unitNumberRange: '200-250',
      hasUnitRange: true,
      isCompleted: true,
    });
    // Nothing to attach it to, or nothing left after stripping: no point.
    expect(run([{ type: 'addRange', text: '1-5' }], initialWalkEditorState)).toBe(initialWalkEditorState);
    expect(run([{ type: 'addRange', text: 'abc' }], five)).toBe(five);
  });

  it('marks and unmarks a door', () => {
    const key = five.markers[3]!.key;
    const door = run([{ type: 'toggleDoor', key }], five);
    expect(door.markers[3]!.isDoor).toBe(true);
    expect(run([{ type: 'toggleDoor', key }], door).markers[3]!.isDoor).toBe(false);
  });

  it('loads a walk in its order, keeping marker ids, clean; Create New Walk clears it', () => {
    const state = run([{ type: 'load', walk: savedWalk }], five);
    expect(state).toMatchObject({ walkId: 7, name: 'Night round', description: 'Gates first', dirty: false });
    expect(state.redo).toEqual([]);
    expect(state.markers.map((m) => [m.id, m.label, m.isDoor, m.unitNumberRange])).toEqual([
      [71, 1, true, ''],
      [72, 2, false, '100-120'],
    ]);
    const fresh = run([{ type: 'newWalk' }], state);
    expect(fresh).toMatchObject({ walkId: null, name: '', markers: [], redo: [], dirty: false });
  });

  it('an edit keeps the ids of the markers left and sends new ones without an id', () => {
    const edited = run(
      [
        { type: 'load', walk: savedWalk },
        { type: 'move', key: 'id72', lat: 36.25, lng: -119.25 },
        { type: 'remove', key: 'id71' },
        add(3),
      ],
      initialWalkEditorState,
    );
    expect(edited.dirty).toBe(true);
    expect(markersForSave(edited.markers)).toEqual([
      {
        id: 72,
        label: 1,
        lat: 36.25,
        lng: -119.25,
        notes: '',
        unitNumberRange: '100-120',
        hasUnitRange: true,
        isDoor: false,
        order: 0,
      },
      {
        label: 2,
        lat: 36.003,
        lng: -119.003,
        notes: '',
        unitNumberRange: '',
        hasUnitRange: false,
        isDoor: false,
        order: 1,
      },
    ]);
  });

  it('is clean again after a save, holding the saved walk', () => {
    const saved = run([{ type: 'saved', walk: savedWalk }], five);
    expect(saved).toMatchObject({ walkId: 7, dirty: false });
    expect(saved.markers.map((m) => m.id)).toEqual([71, 72]);
  });
});
