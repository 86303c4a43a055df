import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { demoShots, type DemoShot } from '../content/demo-shots.ts';
import { CONTACT_DIALOG_ID } from './contact-dialog.tsx';
import { LandingSection, splitPanelSx } from './landing-section.tsx';

const Screenshot = ({ shot }: { shot: DemoShot }) => (
  <Paper
    component="figure"
    variant="outlined"
    sx={{ m: 0, borderRadius: '14px', overflow: 'hidden', height: '100%' }}
  >
    <Box
      component="img"
      src={`/demo/${shot.file}`}
      alt={`SiteWalk ${shot.title.toLowerCase()} screen with demo data`}
      loading="lazy"
      decoding="async"
      width={1440}
      height={900}
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '16 / 10',
        objectFit: 'cover',
        objectPosition: 'top',
        bgcolor: 'grey.100',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    />
    <Box component="figcaption" sx={{ p: 2.5 }}>
      <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700, display: 'block' }}>
        {shot.title}
      </Typography>
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        {shot.caption}
      </Typography>
    </Box>
  </Paper>
);

const walkthrough = [
  'The dashboard over twenty facilities: which were walked, which were not',
  'An incident from the first report to resolved, with notes and photos',
  'A walk set up as numbered checkpoints on the map of a facility',
  'How roles keep each person to the facilities they work at',
] as const;

/**
 * Demo: screenshots of the product over the demo tenant (shown only when they exist), and an offer of a
 * walkthrough through the contact pop-up.
 */
export const DemoSection = ({ shots = demoShots() }: { shots?: readonly DemoShot[] }) => (
  <LandingSection
    id="demo"
    tone="paper"
    title="Demo"
    headline="See a portfolio of facilities at a glance"
    intro={
      shots.length > 0
        ? 'These screens are SiteWalk itself, taken over demo data: facilities with their walks and incidents.'
        : undefined
    }
  >
    {shots.length > 0 ? (
      <>
        <Grid container spacing={3} sx={{ mb: 4 }}>
          {shots.map((shot) => (
            <Grid key={shot.file} size={{ xs: 12, md: 6 }}>
              <Screenshot shot={shot} />
            </Grid>
          ))}
        </Grid>
        <Button variant="outlined" size="large" popoverTarget={CONTACT_DIALOG_ID}>
          Ask for a walkthrough
        </Button>
      </>
    ) : (
      <Paper
        variant="outlined"
        sx={{
          ...splitPanelSx,
          bgcolor: 'background.default',
        }}
      >
        <Box>
          <Typography sx={{ fontSize: { md: '1.125rem' } }}>
            We will gladly walk you through SiteWalk with a demo company of twenty facilities and ninety days
            of walks and incidents, or with your own sites.
          </Typography>
          <Button
            variant="contained"
            size="large"
            disableElevation
            popoverTarget={CONTACT_DIALOG_ID}
            sx={{ mt: 3 }}
          >
            Ask for a walkthrough
          </Button>
        </Box>
        <Box>
          <Typography component="p" sx={{ fontWeight: 700, mb: 1.5 }}>
            What we show you
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', counterReset: 'step' }}>
            {walkthrough.map((step) => (
              <Box
                component="li"
                key={step}
                sx={{
                  counterIncrement: 'step',
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'flex-start',
                  '& + &': { mt: 1.5 },
                  '&::before': {
                    content: 'counter(step)',
                    flexShrink: 0,
                    width: 26,
                    height: 26,
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    fontSize: '0.8rem',
                    fontWeight: 700,
                    display: 'grid',
                    placeItems: 'center',
                  },
                }}
              >
                <Typography component="span">{step}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </Paper>
    )}
  </LandingSection>
);
