import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg';

export interface DetailListProps {
  /** Columns from each screen width up: one on phones, two from 600 px, three from 1200 px unless told. */
  columns?: Partial<Record<Breakpoint, number>>;
  gap?: number;
  children: ReactNode;
  'data-testid'?: string;
}

/** An object's facts as a description list, in a grid of equal columns. */
export const DetailList = ({
  columns = { xs: 1, sm: 2, lg: 3 },
  gap = 2,
  children,
  'data-testid': testId,
}: DetailListProps) => (
  <Box
    component="dl"
    data-testid={testId}
    sx={{
      m: 0,
      display: 'grid',
      gap,
      gridTemplateColumns: Object.fromEntries(
        Object.entries(columns).map(([width, count]) => [width, `repeat(${count}, minmax(0, 1fr))`]),
      ),
    }}
  >
    {children}
  </Box>
);

/** One fact of a `DetailList`: its label, then its value (long values break anywhere). */
export const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);
