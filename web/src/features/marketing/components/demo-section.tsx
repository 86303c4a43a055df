import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { demoShots, type DemoShot } from '../content/demo-shots.ts';
import { LandingSection } from './landing-section.tsx';

const Screenshot = ({ shot }: { shot: DemoShot }) => (
  <Paper
    component="figure"
    variant="outlined"
    sx={{ m: 0, borderRadius: 3, overflow: 'hidden', height: '100%' }}
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

/**
 * Demo: screenshots of the product over the demo tenant (shown only when they exist), and an offer of a
 * walkthrough through the contact pop-up.
 */
export const DemoSection = ({
  onRequestDemo,
  shots = demoShots(),
}: {
  onRequestDemo: () => void;
  shots?: readonly DemoShot[];
}) => (
  <LandingSection
    id="demo"
    tone="paper"
    title="Demo"
    headline="See a portfolio of facilities at a glance"
    intro={
      shots.length > 0
        ? 'These screens are SiteWalk itself, over a demo company of twenty facilities with ninety days of walks and incidents.'
        : 'Twenty facilities, ninety days of walks and incidents: we will gladly walk you through SiteWalk with a demo company, or with your own sites.'
    }
  >
    {shots.length > 0 && (
      <Grid container spacing={3} sx={{ mb: 4 }}>
        {shots.map((shot) => (
          <Grid key={shot.file} size={{ xs: 12, md: 6 }}>
            <Screenshot shot={shot} />
          </Grid>
        ))}
      </Grid>
    )}
    <Button variant="outlined" size="large" onClick={onRequestDemo}>
      Ask for a walkthrough
    </Button>
  </LandingSection>
);
