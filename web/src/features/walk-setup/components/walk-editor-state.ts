import { stripUnitRange, type Walk } from '@sitewalk/shared/schemas/walk';

/** One point of the walk being edited. `key` is the editor's own handle; `id` is the server's, kept on edit. */
export interface EditorMarker {
  key: string;
  id?: number;
  label: number;
  lat: number;
  lng: number;
  notes: string;
  unitNumberRange: string;
  hasUnitRange: boolean;
  isDoor: boolean;
  /** A point added by 'Add Unit Number Range'. */
  isCompleted: boolean;
}

export interface WalkEditorState {
  /** The walk loaded for editing, or null for a new walk. */
  walkId: number | null;
  name: string;
  description: string;
  markers: EditorMarker[];
  /** Undone markers, the last undone last. */
  redo: EditorMarker[];
  /** Changed since the walk was loaded, created or saved. */
  dirty: boolean;
  nextKey: number;
}

export type WalkEditorAction =
  | { type: 'add'; lat: number; lng: number }
  | { type: 'newWalk' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reorder'; from: number; to: number }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; lat: number; lng: number }
  | { type: 'setRange'; key: string; text: string }
  | { type: 'addRange'; text: string }
  | { type: 'toggleDoor'; key: string }
  | { type: 'load'; walk: Walk }
  | { type: 'saved'; walk: Walk };

export const initialWalkEditorState: WalkEditorState = {
  walkId: null,
  name: '',
  description: '',
  markers: [],
  redo: [],
  dirty: false,
  nextKey: 1,
};

/** Labels follow the order: 1 to n. */
const relabel = (markers: EditorMarker[]): EditorMarker[] =>
  markers.map((marker, index) => (marker.label === index + 1 ? marker : { ...marker, label: index + 1 }));

const newMarker = (state: WalkEditorState, fields: Partial<EditorMarker> & { lat: number; lng: number }) => ({
  key: `m${state.nextKey}`,
  label: state.markers.length + 1,
  notes: '',
  unitNumberRange: '',
  hasUnitRange: false,
  isDoor: false,
  isCompleted: false,
  ...fields,
});

const changed = (state: WalkEditorState, markers: EditorMarker[], redo = state.redo): WalkEditorState => ({
  ...state,
  markers: relabel(markers),
  redo,
  dirty: true,
});

const loaded = (walk: Walk): WalkEditorState => {
  const markers = [...walk.markers]
    .sort((a, b) => a.order - b.order || a.label - b.label)
    .map((marker) => ({
      key: `id${marker.id}`,
      id: marker.id,
      label: marker.label,
      lat: marker.lat,
      lng: marker.lng,
      notes: marker.notes,
      unitNumberRange: marker.unitNumberRange,
      hasUnitRange: marker.hasUnitRange,
      isDoor: marker.isDoor,
      isCompleted: false,
    }));
  return {
    ...initialWalkEditorState,
    walkId: walk.id,
    name: walk.name,
    description: walk.description,
    markers: relabel(markers),
  };
};

const updateMarker = (state: WalkEditorState, key: string, update: (marker: EditorMarker) => EditorMarker) =>
  state.markers.some((marker) => marker.key === key)
    ? changed(
        state,
        state.markers.map((marker) => (marker.key === key ? update(marker) : marker)),
      )
    : state;

/** The walk editor of the Setup Walks screen, without the screen. */
export const walkEditorReducer = (state: WalkEditorState, action: WalkEditorAction): WalkEditorState => {
  switch (action.type) {
    case 'add':
      return {
        ...changed(state, [...state.markers, newMarker(state, { lat: action.lat, lng: action.lng })], []),
        nextKey: state.nextKey + 1,
      };
    case 'newWalk':
      return { ...initialWalkEditorState, nextKey: state.nextKey };
    case 'undo': {
      const last = state.markers.at(-1);
      if (!last) return state;
      return changed(state, state.markers.slice(0, -1), [...state.redo, last]);
    }
    case 'redo': {
      const restored = state.redo.at(-1);
      if (!restored) return state;
      return changed(state, [...state.markers, restored], state.redo.slice(0, -1));
    }
    case 'reorder': {
      const { from, to } = action;
      const count = state.markers.length;
      if (from === to || from < 0 || to < 0 || from >= count || to >= count) return state;
      const markers = [...state.markers];
      const [moved] = markers.splice(from, 1);
      markers.splice(to, 0, moved!);
      return changed(state, markers);
    }
    case 'remove':
      return state.markers.some((marker) => marker.key === action.key)
        ? changed(
            state,
            state.markers.filter((marker) => marker.key !== action.key),
          )
        : state;
    case 'move':
      return updateMarker(state, action.key, (marker) => ({ ...marker, lat: action.lat, lng: action.lng }));
    case 'setRange': {
      const text = stripUnitRange(action.text).trim();
      return updateMarker(state, action.key, (marker) => ({
        ...marker,
        unitNumberRange: text,
        hasUnitRange: text !== '',
      }));
    }
    case 'addRange': {
      const text = stripUnitRange(action.text).trim();
      const last = state.markers.at(-1);
      if (!last || text === '') return state;
      const marker = newMarker(state, {
        lat: last.lat,
        lng: last.lng,
        unitNumberRange: text,
        hasUnitRange: true,
        isCompleted: true,
      });
      return { ...changed(state, [...state.markers, marker], []), nextKey: state.nextKey + 1 };
    }
    case 'toggleDoor':
      return updateMarker(state, action.key, (marker) => ({ ...marker, isDoor: !marker.isDoor }));
    case 'load':
      return { ...loaded(action.walk), nextKey: state.nextKey };
    case 'saved':
      return { ...loaded(action.walk), nextKey: state.nextKey };
  }
};

/** The markers as the API takes them: ids kept (an edit saves through PUT /api/walk), labels 1..n. */
export const markersForSave = (markers: EditorMarker[]) =>
  markers.map((marker, index) => ({
    ...(marker.id === undefined ? {} : { id: marker.id }),
    label: index + 1,
    lat: marker.lat,
    lng: marker.lng,
    notes: marker.notes,
    unitNumberRange: marker.unitNumberRange,
    hasUnitRange: marker.unitNumberRange.trim() !== '',
    isDoor: marker.isDoor,
    order: index,
  }));
