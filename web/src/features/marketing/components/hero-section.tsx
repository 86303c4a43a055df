import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { messages } from '@sitewalk/shared/messages';
import { CONTACT_DIALOG_ID } from './contact-dialog.tsx';
import { RouteIllustration } from './route-illustration.tsx';

const promises = ['Nothing to install', 'Any phone, tablet or computer', 'Hosted on AWS'] as const;

/** The banner: the tagline, what SiteWalk does, and 'Get Started Today' (the contact pop-up). */
export const HeroSection = () => (
  <Box
    component="section"
    aria-labelledby="hero-title"
    sx={{
      color: 'common.white',
      background: 'linear-gradient(140deg, #0b2545 0%, #123a6b 45%, #1d4e89 100%)',
      pt: { xs: 6, md: 10 },
      pb: { xs: 7, md: 12 },
      overflow: 'hidden',
    }}
  >
    <Container maxWidth="lg">
      <Grid container spacing={{ xs: 6, md: 8 }} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography
            component="p"
            variant="overline"
            sx={{ color: '#f7c77e', fontWeight: 700, letterSpacing: '0.14em', fontSize: '0.8rem' }}
          >
            Site walks for storage facilities
          </Typography>
          <Typography
            id="hero-title"
            variant="h1"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '2.1rem', sm: '2.9rem', md: '3.4rem' },
              lineHeight: 1.08,
              letterSpacing: '-0.02em',
              mt: 1,
            }}
          >
            {messages.tagline}
          </Typography>
          <Typography
            sx={{ mt: 3, fontSize: { xs: '1.05rem', md: '1.2rem' }, color: 'rgba(255, 255, 255, 0.88)' }}
          >
            Record the morning and evening walks of every facility, log and resolve incidents with notes and
            photos, and see at a glance which sites are walked and which are not — whether you own one
            facility or manage several.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
            <Button
              variant="contained"
              color="secondary"
              size="large"
              popoverTarget={CONTACT_DIALOG_ID}
              disableElevation
              sx={{ '&.Mui-focusVisible': { outlineColor: '#f7c77e' } }}
            >
              Get Started Today
            </Button>
            <Button
              variant="outlined"
              size="large"
              href="#why"
              sx={{
                color: 'common.white',
                borderColor: 'rgba(255, 255, 255, 0.5)',
                '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255, 255, 255, 0.08)' },
                '&.Mui-focusVisible': { outlineColor: '#f7c77e' },
              }}
            >
              See what it does
            </Button>
          </Stack>
          <Stack
            component="ul"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 3 }}
            useFlexGap
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 4, flexWrap: 'wrap' }}
          >
            {promises.map((promise) => (
              <Box
                component="li"
                key={promise}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  whiteSpace: 'nowrap',
                  color: 'rgba(255, 255, 255, 0.88)',
                }}
              >
                <CheckCircleIcon fontSize="small" sx={{ color: '#7fd6a0' }} aria-hidden="true" />
                <Typography variant="body2" component="span">
                  {promise}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <RouteIllustration />
        </Grid>
      </Grid>
    </Container>
  </Box>
);
