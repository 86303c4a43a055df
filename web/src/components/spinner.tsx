import { Box, CircularProgress } from '@mui/material';

/** A centred progress ring with an accessible name. */
export const Spinner = ({
  label = 'Loading',
  fullScreen = false,
}: {
  label?: string;
  fullScreen?: boolean;
}) => (
  <Box
    sx={{
      display: 'grid',
      placeItems: 'center',
      minHeight: fullScreen ? '100vh' : 240,
      width: '100%',
    }}
  >
    <CircularProgress aria-label={label} />
  </Box>
);
