import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PublicLayout } from './public-layout.tsx';

/** The date the legal texts were last changed; change it with them. */
export const LEGAL_UPDATED = '23 November 2026';

/** A legal page: the public frame, a readable column, the title and the date of the last change. */
export const LegalDocument = ({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) => {
  return (
    <PublicLayout>
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' }, letterSpacing: '-0.02em' }}
        >
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Last updated {LEGAL_UPDATED}
        </Typography>
        <Typography sx={{ mt: 3, fontSize: { md: '1.125rem' } }}>{intro}</Typography>
        <Box
          sx={{
            mt: 2,
            '& h2': { fontSize: '1.35rem', fontWeight: 700, mt: 5, mb: 1.5, scrollMarginTop: 80 },
            '& p, & li': { lineHeight: 1.7, color: 'text.primary' },
            '& p': { my: 1.5 },
            '& ul': { pl: 3, my: 1.5 },
            '& li + li': { mt: 0.75 },
          }}
        >
          {children}
        </Box>
      </Container>
    </PublicLayout>
  );
};
