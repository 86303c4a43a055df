import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { CONTACT_DIALOG_ID } from './contact-dialog.tsx';
import { LandingSection, splitPanelSx } from './landing-section.tsx';

const included = [
  'Every feature, for every facility and user of your company',
  'Your own SiteWalk, hosted on Amazon Web Services',
  'Help from our support team to set up your walks and train your staff',
  'New features as they ship: the walk recorder, alerts and exports',
] as const;

/** Pricing: 'Contact us for Pricing' and the same get-started pop-up. */
export const PricingSection = () => (
  <LandingSection id="pricing" tone="paper" title="Pricing">
    <Paper
      variant="outlined"
      sx={{
        ...splitPanelSx,
        alignItems: 'center',
        borderColor: 'primary.light',
        boxShadow: '0 12px 40px rgba(29, 78, 137, 0.08)',
      }}
    >
      <Box>
        <Typography
          component="p"
          sx={{
            fontWeight: 800,
            fontSize: { xs: '1.85rem', md: '2.4rem' },
            lineHeight: 1.15,
            letterSpacing: '-0.02em',
          }}
        >
          Contact us for Pricing
        </Typography>
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>
          Pricing depends on the number of facilities you run. Tell us about your portfolio and we will send
          you a quote.
        </Typography>
        <Button
          variant="contained"
          size="large"
          popoverTarget={CONTACT_DIALOG_ID}
          disableElevation
          sx={{ mt: 3 }}
        >
          Get Started Today
        </Button>
      </Box>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {included.map((item) => (
          <Box component="li" key={item} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <CheckIcon sx={{ color: 'success.main', mt: '2px' }} aria-hidden="true" />
            <Typography>{item}</Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  </LandingSection>
);
