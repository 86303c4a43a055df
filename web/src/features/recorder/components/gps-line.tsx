import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import GpsNotFixedIcon from '@mui/icons-material/GpsNotFixed';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import type { PositionState } from '../../../hooks/use-position.ts';

/** 'GPS ±{n} m' while the position is current, 'Waiting for your position…' meanwhile; a denied one explains. */
export const GpsLine = ({ position }: { position: PositionState }) => {
  if (position.status === 'denied' || position.status === 'unsupported')
    return (
      <Alert severity="warning">
        <AlertTitle>Location is off</AlertTitle>
        {position.status === 'denied'
          ? 'This site may not use your location. To reach markers by walking, allow location for this site in your browser’s settings (the icon beside the address, or Settings › Site settings › Location), then reload the page.'
          : 'This browser cannot tell where you are.'}{' '}
        You can still record each marker with ‘Mark reached’.
      </Alert>
    );
  const tracking = position.status === 'tracking' && position.fix;
  const Icon = tracking ? GpsFixedIcon : GpsNotFixedIcon;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Icon fontSize="small" color={tracking ? 'primary' : 'action'} aria-hidden />
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} data-testid="gps-line">
        {tracking ? `GPS ±${Math.round(position.fix!.accuracy)} m` : 'Waiting for your position…'}
      </Typography>
    </Box>
  );
};
