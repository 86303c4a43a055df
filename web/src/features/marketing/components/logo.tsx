import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { LogoMark } from '../../../components/logo-mark.tsx';

/** The logo, linking home: the mark and the word mark. */
export const LogoLink = ({ inverted = false }: { inverted?: boolean }) => (
  <Link
    href={paths.home.build()}
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
