import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The mark: a walk route through checkpoints on a rounded tile, the last one reached (amber). Drawn inline, no request. */
export const LogoMark = ({ size = 32 }: { size?: number }) => (
  <Box
    component="svg"
    viewBox="0 0 32 32"
    width={size}
    height={size}
    aria-hidden="true"
    focusable="false"
    sx={{ display: 'block', flexShrink: 0 }}
  >
    <rect width="32" height="32" rx="8" fill="#1d4e89" />
    <path
      d="M7 23.5 13 15l5.5 4.5L25 8.5"
      fill="none"
      stroke="#fff"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <circle cx="7" cy="23.5" r="2.6" fill="#fff" />
    <circle cx="13" cy="15" r="2.6" fill="#fff" />
    <circle cx="18.5" cy="19.5" r="2.6" fill="#fff" />
    <circle cx="25" cy="8.5" r="3.2" fill="#f2a541" />
  </Box>
);

/** The logo, linking home: the mark and the word mark. */
export const LogoLink = ({ inverted = false }: { inverted?: boolean }) => (
  <Link
    component={RouterLink}
    to={paths.home.build()}
    underline="none"
    aria-label="SiteWalk home"
    sx={{
      display: 'inline-flex',
      alignItems: 'center',
      gap: 1,
      borderRadius: 1,
      color: inverted ? 'common.white' : 'primary.dark',
    }}
  >
    <LogoMark />
    <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.25rem', letterSpacing: '-0.01em' }}>
      SiteWalk
    </Typography>
  </Link>
);
