import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** Text for screen readers only (the usual clip pattern): words a badge's number needs, without showing them. */
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
      whiteSpace: 'nowrap',
      width: '1px',
    }}
  >
    {children}
  </Box>
);
