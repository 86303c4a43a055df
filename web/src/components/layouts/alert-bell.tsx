import { Badge, IconButton } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useUnreadAlerts } from '../../api/alerts.ts';

/** The top bar's bell: the unread alerts, asked for every minute; it opens the alerts page. */
export const AlertBell = () => {
  const unread = useUnreadAlerts();
  // An error or an older server shows the bell without a count, never an error.
  const count = unread.data?.unreadCount ?? 0;
  const label = count > 0 ? `Alerts, ${count} unread` : 'Alerts';
  return (
    <IconButton component={RouterLink} to={paths.app.alerts.build()} aria-label={label} color="inherit">
      <Badge badgeContent={count} color="error" max={99} invisible={count === 0}>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
};
