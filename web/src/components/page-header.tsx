import { Box, Button, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface PageHeaderProps {
  /** The page's one heading (h1). */
  title: ReactNode;
  /** A link above the title to the page one came from: `{ to, label: 'Back to Areas' }`. */
  back?: { to: string; label: string };
  /** Before the title: a logo or a picture. */
  leading?: ReactNode;
  /** Right after the title: chips that qualify it (a priority, a status). */
  badges?: ReactNode;
  /** Buttons at the row's end ('Add', 'Update Area' …); they wrap below the title on narrow screens. */
  actions?: ReactNode;
  /** A line below the title: the object the page is about, or what the page shows. */
  subtitle?: ReactNode;
}

/**
 * A page's header: the back link, the heading (long names break anywhere, a smaller size on phones), what
 * qualifies it, and the page's actions.
 */
export const PageHeader = ({ title, back, leading, badges, actions, subtitle }: PageHeaderProps) => (
  <Box sx={{ minWidth: 0 }}>
    {back && (
      <Button
        component={RouterLink}
        to={back.to}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1, textTransform: 'none' }}
      >
        {back.label}
      </Button>
    )}
    <Stack
      direction="row"
      useFlexGap
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5 }}
    >
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5, minWidth: 0 }}
      >
        {/* A logo stays beside the title, whose words break rather than leave the logo alone above it. */}
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, minWidth: 0 }}>
          {leading}
          <Typography
            variant="h4"
            component="h1"
            sx={{ overflowWrap: 'anywhere', minWidth: 0, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {title}
          </Typography>
        </Stack>
        {badges}
      </Stack>
      {actions && (
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {actions}
        </Stack>
      )}
    </Stack>
    {subtitle && (
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere', mt: 0.5, maxWidth: 720 }}>
        {subtitle}
      </Typography>
    )}
  </Box>
);
