import { Box, Typography } from '@mui/material';
import { LogoMark } from './logo-mark.tsx';

/** The mark (a walk route through markers) and the name, as on the public pages. */
export const SiteWalkLogo = ({ size = 'medium' }: { size?: 'small' | 'medium' }) => (
  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
    <LogoMark size={size === 'small' ? 28 : 36} />
    <Typography
      component="span"
      variant={size === 'small' ? 'h6' : 'h5'}
      sx={{ fontWeight: 800, color: 'inherit' }}
    >
      SiteWalk
    </Typography>
  </Box>
);
