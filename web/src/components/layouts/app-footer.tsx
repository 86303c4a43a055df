import { Box, Link, Stack, Typography } from '@mui/material';
import { paths } from '../../config/paths.ts';

export const AppFooter = () => (
  <Box
    component="footer"
    sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 2, bgcolor: 'background.paper' }}
  >
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 3 }}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} SiteWalk
      </Typography>
      <Stack direction="row" spacing={3}>
        <Link href={paths.terms.build()} variant="body2" color="text.secondary">
          Terms of Service
        </Link>
        <Link href={paths.privacy.build()} variant="body2" color="text.secondary">
          Privacy Policy
        </Link>
      </Stack>
    </Stack>
  </Box>
);
