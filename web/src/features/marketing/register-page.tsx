import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import GroupsIcon from '@mui/icons-material/Groups';
import type { ReactNode } from 'react';
import { paths } from '../../config/paths.ts';
import { CONTACT_DIALOG_ID, ContactDialog } from './components/contact-dialog.tsx';
import { PublicLayout } from './components/public-layout.tsx';

const Way = ({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) => (
  <Paper
    component="section"
    variant="outlined"
    aria-label={title}
    sx={{
      p: { xs: 3, md: 4 },
      borderRadius: '20px',
      height: '100%',
      display: 'flex',
      flexDirection: 'column',
      gap: 2,
    }}
  >
    <Box
      sx={{
        width: 48,
        height: 48,
        borderRadius: '12px',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(29, 78, 137, 0.08)',
        color: 'primary.main',
      }}
    >
      {icon}
    </Box>
    <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
      {title}
    </Typography>
    <Typography sx={{ color: 'text.secondary', flexGrow: 1 }}>{children}</Typography>
    <Box>{action}</Box>
  </Paper>
);

/** /register: SiteWalk has no self sign-up; this page says how to get an account and offers the contact pop-up. */
export const RegisterPage = () => (
  <PublicLayout>
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 9 } }}>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' }, letterSpacing: '-0.02em' }}
      >
        Get a SiteWalk account
      </Typography>
      <Typography sx={{ mt: 2, fontSize: { md: '1.125rem' }, color: 'text.secondary', maxWidth: 640 }}>
        SiteWalk has no self sign-up: accounts are created by a manager, who decides which facilities each
        person sees.
      </Typography>
      <Grid container spacing={3} sx={{ mt: 3 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Way
            icon={<GroupsIcon aria-hidden="true" />}
            title="Your company uses SiteWalk"
            action={
              <Button href={paths.login.build()} variant="outlined">
                Log in
              </Button>
            }
          >
            Ask your manager to create your account for the locations you work at. They give you a temporary
            password; at your first sign-in you choose your own.
          </Way>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Way
            icon={<BusinessIcon aria-hidden="true" />}
            title="Your company is new to SiteWalk"
            action={
              <Button variant="contained" disableElevation popoverTarget={CONTACT_DIALOG_ID}>
                Get Started Today
              </Button>
            }
          >
            Contact us: we set up your management company and its first manager, who then adds your areas,
            locations and staff.
          </Way>
        </Grid>
      </Grid>
    </Container>
    <ContactDialog />
  </PublicLayout>
);
