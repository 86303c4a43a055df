/** Styles that keep text on one line, cut with an ellipsis where its box ends (the box may shrink). */
export const oneLine = {
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
