import { Box, Typography } from '@mui/material';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';

/** The word mark: a walking figure in a rounded square and the name. */
export const SiteWalkLogo = ({ size = 'medium' }: { size?: 'small' | 'medium' }) => (
  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-grid',
        placeItems: 'center',
        width: size === 'small' ? 28 : 36,
        height: size === 'small' ? 28 : 36,
        borderRadius: 1.5,
        bgcolor: 'primary.main',
        color: 'common.white',
      }}
    >
      <DirectionsWalkIcon fontSize={size === 'small' ? 'small' : 'medium'} />
    </Box>
    <Typography
      component="span"
      variant={size === 'small' ? 'h6' : 'h5'}
      sx={{ fontWeight: 800, color: 'inherit' }}
    >
      SiteWalk
    </Typography>
  </Box>
);
