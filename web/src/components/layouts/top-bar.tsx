import {
  AppBar,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Link,
  Toolbar,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { Link as RouterLink, useNavigation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useCurrentUser, useLogout } from '../../lib/auth.tsx';
import { useProfilePictureUrl } from '../../api/pictures.ts';
import { Picture } from '../picture.tsx';
import { SiteWalkLogo } from '../sitewalk-logo.tsx';
import { AlertBell } from './alert-bell.tsx';
import { oneLine } from '../one-line.ts';

/** Hidden to the eye, still read, below 600 px. */
const nameBelow600 = {
  // The usual clip pattern, as VisuallyHidden (whose sizes are strings: 1 in sx would be 100%).
  '@media (max-width: 599.95px)': {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
  },
} as const;

/** The top bar: the logo home, the alerts bell, the signed-in user's name (their profile) and logout. */
export const TopBar = () => {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigation = useNavigation();
  const name = `${user.firstName} ${user.lastName}`;
  const pictureUrl = useProfilePictureUrl(user);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, px: { xs: 1.5, sm: 2 } }}>
        <Link
          component={RouterLink}
          to={paths.app.root.build()}
          underline="none"
          color="text.primary"
          aria-label="SiteWalk home"
        >
          <SiteWalkLogo size="small" />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <AlertBell />
        {/* Below 600 px only the picture shows (the name would be squeezed to a letter); it names the link. */}
        <Link
          component={RouterLink}
          to={paths.app.user.build(user.id)}
          state={{ user }}
          underline="hover"
          color="text.primary"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, fontWeight: 600 }}
        >
          <Picture src={pictureUrl} alt="" variant="avatar" size={32} />
          <Box component="span" sx={{ ...oneLine, ...nameBelow600 }}>
            {name}
          </Box>
        </Link>
        {/* The one that shows, not both hidden by turns: a tooltip alone took tens of ms to draw at 4× CPU. */}
        {phone ? (
          <Tooltip title="Logout">
            <IconButton onClick={() => void logout()} aria-label="Logout">
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <Button onClick={() => void logout()} startIcon={<LogoutIcon />} color="inherit">
            Logout
          </Button>
        )}
      </Toolbar>
      {navigation.state === 'loading' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }}
        />
      )}
    </AppBar>
  );
};
