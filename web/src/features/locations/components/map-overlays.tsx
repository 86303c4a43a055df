import { Box } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';

/** Add Location's centre crosshair: the point that is saved is under it. */
export const Crosshair = () => (
  <Box sx={{ position: 'relative', width: 44, height: 44 }} data-testid="map-crosshair">
    <Box
      sx={{
        position: 'absolute',
        left: '50%',
        top: 0,
        bottom: 0,
        width: 2,
        ml: '-1px',
        bgcolor: 'error.main',
      }}
    />
    <Box
      sx={{
        position: 'absolute',
        top: '50%',
        left: 0,
        right: 0,
        height: 2,
        mt: '-1px',
        bgcolor: 'error.main',
      }}
    />
    <Box
      sx={{
        position: 'absolute',
        inset: 12,
        borderRadius: '50%',
        border: 2,
        borderColor: 'error.main',
        boxShadow: '0 0 0 2px rgba(255,255,255,0.8)',
      }}
    />
  </Box>
);

/** Update Location's centre marker: a pin whose tip is the map's centre. */
export const CentreMarker = () => (
  <PlaceIcon
    data-testid="map-centre-marker"
    sx={{
      fontSize: 44,
      color: 'error.main',
      transform: 'translateY(-50%)',
      filter: 'drop-shadow(0 1px 2px rgba(0,0,0,0.5))',
    }}
  />
);
