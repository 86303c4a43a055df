import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * One titled section of the landing page. The top bar scrolls to it by id and moves the focus to it
 * (tabIndex -1); scroll-margin keeps its title clear of the sticky bar.
 */
export const LandingSection = ({
  id,
  title,
  headline,
  intro,
  tone = 'default',
  children,
}: {
  id: string;
  /** The section's name, its h2 (the top bar's button says the same). */
  title: string;
  /** The large line under the name. */
  headline?: string;
  intro?: ReactNode;
  tone?: 'default' | 'paper';
  children: ReactNode;
}) => (
  <Box
    component="section"
    id={id}
    aria-labelledby={`${id}-title`}
    tabIndex={-1}
    sx={{
      py: { xs: 7, md: 11 },
      scrollMarginTop: { xs: 60, sm: 68 },
      bgcolor: tone === 'paper' ? 'background.paper' : 'transparent',
      outline: 'none',
    }}
  >
    <Container maxWidth="lg">
      <Box sx={{ maxWidth: 760, mb: { xs: 4, md: 6 } }}>
        <Typography
          id={`${id}-title`}
          component="h2"
          variant="overline"
          sx={{ color: 'primary.main', fontWeight: 800, letterSpacing: '0.12em', fontSize: '0.85rem' }}
        >
          {title}
        </Typography>
        {headline && (
          <Typography
            component="p"
            variant="h3"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '1.75rem', md: '2.4rem' },
              letterSpacing: '-0.02em',
              lineHeight: 1.15,
            }}
          >
            {headline}
          </Typography>
        )}
        {intro && (
          <Typography component="div" sx={{ mt: 2, color: 'text.secondary', fontSize: { md: '1.125rem' } }}>
            {intro}
          </Typography>
        )}
      </Box>
      {children}
    </Container>
  </Box>
);

/** The rounded two-column panel a landing section offers its call to action in (one column on phones). */
export const splitPanelSx = {
  borderRadius: '20px',
  p: { xs: 3, md: 5 },
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
  gap: { xs: 3, md: 6 },
} as const;
