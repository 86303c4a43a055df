import type { EditorMarker } from './walk-editor-state.ts';

export interface WalkMapProps {
  center: { latitude: number; longitude: number; zoom: number };
  markers: EditorMarker[];
  draggable: boolean;
  onAdd: (lat: number, lng: number) => void;
  onMove: (key: string, lat: number, lng: number) => void;
}

/** Placeholder until the shared map component lands (helper field-maps). */
export const WalkMap = (_props: WalkMapProps) => <div style={{ height: 400 }} />;
