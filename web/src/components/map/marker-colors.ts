/**
 * A door marker's colour on the maps (numbered-marker.tsx), here without the map library so a list beside
 * the map (walk setup's markers) can show its doors the same blue.
 */
export const DOOR_COLOR = '#0d47a1';
