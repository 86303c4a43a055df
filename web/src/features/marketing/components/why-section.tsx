import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { features, statusLabels, type Feature, type FeatureStatus } from '../content/features.ts';
import { LandingSection } from './landing-section.tsx';

const statusColours: Record<FeatureStatus, { bgcolor: string; color: string }> = {
  available: { bgcolor: '#e3f4e8', color: '#1b5e32' },
  partial: { bgcolor: '#e6eef9', color: '#1d4e89' },
  coming: { bgcolor: '#fdefd9', color: '#7a4300' },
};

const StatusBadge = ({ status }: { status: FeatureStatus }) => (
  <Box
    component="span"
    sx={{
      ...statusColours[status],
      px: 1,
      py: 0.25,
      borderRadius: 999,
      fontSize: '0.75rem',
      fontWeight: 700,
      whiteSpace: 'nowrap',
    }}
  >
    {statusLabels[status]}
  </Box>
);

const FeatureCard = ({ feature }: { feature: Feature }) => {
  const Icon = feature.icon;
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{ height: '100%', p: 3, borderRadius: '16px', display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Box
          sx={{
            width: 44,
            height: 44,
            borderRadius: '12px',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(29, 78, 137, 0.08)',
            color: 'primary.main',
          }}
        >
          <Icon aria-hidden="true" />
        </Box>
        <StatusBadge status={feature.status} />
      </Box>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
        {feature.title}
      </Typography>
      {feature.today && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {feature.today}
        </Typography>
      )}
      {feature.coming && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 'auto', pt: feature.today ? 0.5 : 0 }}>
          <Box component="strong" sx={{ color: 'text.primary' }}>
            Coming:
          </Box>{' '}
          {feature.coming}
        </Typography>
      )}
    </Paper>
  );
};

/** Why SiteWalk: the eight advertised features, each marked available, partly available or coming. */
export const WhySection = () => (
  <LandingSection
    id="why"
    title="Why SiteWalk"
    headline="Proof that every site was walked, and a team that acts on what it found"
    intro="Your staff walk the facility morning and evening; SiteWalk keeps the record and shows you where a walk was missed or an issue is still open. Here is what it does today, and plainly what is still coming."
  >
    <Grid container spacing={3}>
      {features.map((feature) => (
        <Grid key={feature.title} size={{ xs: 12, sm: 6, lg: 3 }}>
          <FeatureCard feature={feature} />
        </Grid>
      ))}
    </Grid>
  </LandingSection>
);
