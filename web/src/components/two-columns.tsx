import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Two columns side by side from the `md` breakpoint, top-aligned; one column below it. `columns` is the
 * grid's template at `md` and up (CSS `grid-template-columns`).
 */
export const TwoColumns = ({
  columns,
  narrow = 'minmax(0, 1fr)',
  gap = 2,
  children,
}: {
  columns: string;
  /** The template below `md`. */
  narrow?: string;
  gap?: number;
  children: ReactNode;
}) => (
  <Box sx={{ display: 'grid', gap, gridTemplateColumns: { xs: narrow, md: columns }, alignItems: 'start' }}>
    {children}
  </Box>
);
