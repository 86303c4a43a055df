import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { SiteWalkLogo } from '../../../components/sitewalk-logo.tsx';

/** The frame of the sign-in pages: the logo home, a card with the heading, and the legal links. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box
    component="main"
    sx={{
      minHeight: '100vh',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 3,
      px: 2,
      py: 4,
      bgcolor: 'background.default',
    }}
  >
    <Link
      component={RouterLink}
      to={paths.home.build()}
      underline="none"
      color="text.primary"
      aria-label="SiteWalk home"
    >
      <SiteWalkLogo />
    </Link>
    <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Paper>
    <Stack direction="row" spacing={3} component="nav" aria-label="Legal">
      <Link component={RouterLink} to={paths.home.build()} color="text.secondary">
        Home
      </Link>
      <Link component={RouterLink} to={paths.terms.build()} color="text.secondary">
        Terms of Service
      </Link>
      <Link component={RouterLink} to={paths.privacy.build()} color="text.secondary">
        Privacy Policy
      </Link>
    </Stack>
  </Box>
);
