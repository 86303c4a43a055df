import { Box, Chip, Container, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Placeholder landing until the public pages are built; it shows whether the API answers. */
export const LandingPage = () => {
  const health = useQuery({ queryKey: ['health'], queryFn: () => api('health.get'), retry: false });
  return (
    <Box
      sx={{
        minHeight: '100vh',
        bgcolor: 'primary.main',
        color: 'common.white',
        display: 'flex',
        alignItems: 'center',
      }}
    >
      <Container maxWidth="md">
        <Stack spacing={3}>
          <Typography variant="h2" component="h1" sx={{ fontWeight: 800 }}>
            SiteWalk
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{ letterSpacing: 2, color: 'secondary.main', fontWeight: 700 }}
          >
            WALK, TRACK, REPORT—YOUR SITE, SECURE
          </Typography>
          <Typography variant="body1" sx={{ maxWidth: 560, opacity: 0.9 }}>
            Security and transparency for site managers and staff of storage facilities, whether you own one
            facility or manage several.
          </Typography>
          <Box>
            <Chip
              role="status"
              color={health.isSuccess ? 'success' : health.isError ? 'error' : 'default'}
              sx={{ bgcolor: health.isPending ? 'grey.300' : undefined }}
              label={
                health.isSuccess
                  ? `API: ${health.data.status}`
                  : health.isError
                    ? `API: ${health.error.message}`
                    : 'API: checking…'
              }
            />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
};
