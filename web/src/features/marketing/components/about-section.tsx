import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LandingSection } from './landing-section.tsx';
import { LogoMark } from '../../../components/logo-mark.tsx';

const facts = [
  { value: '6', label: 'roles, from employee to owner, each seeing what it should' },
  { value: '3', label: 'levels: management company, area, location' },
  { value: '1', label: 'place for every walk, photo and incident' },
] as const;

/** About: what the product does and for whom, and the logo. */
export const AboutSection = () => (
  <LandingSection id="about" title="About" headline="Built for the people who keep storage facilities safe">
    <Grid container spacing={{ xs: 4, md: 8 }} sx={{ alignItems: 'center' }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={2} sx={{ fontSize: { md: '1.125rem' } }}>
          <Typography sx={{ fontSize: 'inherit' }}>
            SiteWalk gives security and transparency to site managers and staff of storage facilities, whether
            you own one facility or manage several. Staff record their morning and evening walks and report
            what they see; managers know which sites were walked, which were not, and which issues are still
            open.
          </Typography>
          <Typography sx={{ fontSize: 'inherit' }}>
            Your portfolio is organised as it is run: a management company, its areas, and their locations.
            Owners and company managers see every facility, area managers their areas, and staff the locations
            they work at.
          </Typography>
          <Typography sx={{ fontSize: 'inherit' }}>
            Our support team is available for your questions, from setting up your first walk to training your
            staff.
          </Typography>
        </Stack>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            gap: 3,
            mt: 4,
            mb: 0,
          }}
        >
          {facts.map((fact) => (
            <Box key={fact.value + fact.label}>
              <Box
                component="dt"
                sx={{ fontSize: '2rem', fontWeight: 800, color: 'primary.main', lineHeight: 1.1 }}
              >
                {fact.value}
              </Box>
              <Box component="dd" sx={{ m: 0, color: 'text.secondary', fontSize: '0.95rem' }}>
                {fact.label}
              </Box>
            </Box>
          ))}
        </Box>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', md: 'column' },
            alignItems: 'center',
            justifyContent: 'center',
            gap: { xs: 2, md: 2.5 },
            py: { xs: 3, md: 8 },
            borderRadius: '20px',
            background: 'linear-gradient(160deg, #e9f0f9 0%, #f7f9fc 100%)',
            border: 1,
            borderColor: 'divider',
            '& svg': { width: { xs: 64, md: 112 }, height: { xs: 64, md: 112 } },
          }}
        >
          <LogoMark size={112} />
          <Typography
            component="p"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '1.6rem', md: '2rem' },
              letterSpacing: '-0.01em',
              color: 'primary.dark',
            }}
          >
            SiteWalk
          </Typography>
        </Box>
      </Grid>
    </Grid>
  </LandingSection>
);
