import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * Text for screen readers only (the usual clip pattern): words a badge's number needs, without showing them.
 * Pinned to its containing block's corner: left where it stands, inside a table that scrolls sideways its
 * containing block may be outside the scroller, and the page itself would then scroll sideways.
 */
export const VisuallyHidden = ({ children }: { children: ReactNode }) => (
  <Box
    component="span"
    sx={{
      border: 0,
      clip: 'rect(0 0 0 0)',
      height: '1px',
      margin: '-1px',
      overflow: 'hidden',
      padding: 0,
      position: 'absolute',
      top: 0,
      left: 0,
      whiteSpace: 'nowrap',
      width: '1px',
    }}
  >
    {children}
  </Box>
);
