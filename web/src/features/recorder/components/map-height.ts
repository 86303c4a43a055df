/** On phones the map is on top and leaves room for the list (at most 36 % of the height); beside it on wide screens. */
export const RECORDER_MAP_HEIGHT = {
  xs: 'clamp(200px, 36vh, 340px)',
  md: 'clamp(360px, calc(100vh - 260px), 720px)',
};
