import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { LogoLink } from './logo.tsx';

const footerLinks = [
  { to: paths.terms.build(), label: 'Terms of Service' },
  { to: paths.privacy.build(), label: 'Privacy Policy' },
  { to: paths.login.build(), label: 'Log in' },
] as const;

/** The public footer: the copyright notice and the links to the terms and the privacy policy. */
export const PublicFooter = () => (
  <Box
    component="footer"
    sx={{ bgcolor: '#0f2f57', color: 'rgba(255, 255, 255, 0.85)', py: { xs: 5, md: 6 } }}
  >
    <Container maxWidth="lg">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={3}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', md: 'center' } }}
      >
        <Box>
          <LogoLink inverted />
          <Typography variant="body2" sx={{ mt: 1, maxWidth: 360 }}>
            Site walks, incidents and reports for storage facilities.
          </Typography>
        </Box>
        <Box component="nav" aria-label="Legal">
          <Stack
            component="ul"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 3 }}
            sx={{ m: 0, p: 0, listStyle: 'none' }}
          >
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link href={link.to} color="inherit" underline="hover">
                  {link.label}
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      </Stack>
      <Typography
        variant="body2"
        sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'rgba(255, 255, 255, 0.15)' }}
      >
        © {new Date().getFullYear()} SiteWalk. All rights reserved.
      </Typography>
    </Container>
  </Box>
);
