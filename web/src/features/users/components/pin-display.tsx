import { Box, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import { useRevealedPin } from '../../../api/users.ts';

const NOT_SET = 'Not set';

/**
 * The PIN as asterisks until the eye toggle reveals it through the API (`GET /api/user/pin/{id}`);
 * 'Not set' when the user has none. Without the right to reveal it, asterisks only.
 */
export const PinDisplay = ({
  userId,
  hasPin,
  canReveal,
}: {
  userId: number;
  hasPin: boolean;
  canReveal: boolean;
}) => {
  const [shown, setShown] = useState(false);
  const pin = useRevealedPin(userId, shown);
  if (!hasPin) return <>{NOT_SET}</>;

  let text = '********';
  if (shown && pin.isSuccess) text = pin.data.pin ?? NOT_SET;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Typography component="span" data-testid="pin-value" sx={{ fontFamily: 'monospace', letterSpacing: 1 }}>
        {text}
      </Typography>
      {canReveal && (
        <Tooltip title={shown ? 'Hide PIN' : 'Show PIN'}>
          <IconButton
            size="small"
            aria-label={shown ? 'Hide PIN' : 'Show PIN'}
            aria-pressed={shown}
            onClick={() => setShown((value) => !value)}
          >
            {shown && pin.isFetching ? (
              <CircularProgress size={18} aria-label="Loading PIN" />
            ) : shown ? (
              <VisibilityOffIcon fontSize="small" />
            ) : (
              <VisibilityIcon fontSize="small" />
            )}
          </IconButton>
        </Tooltip>
      )}
      {shown && pin.isError && (
        <Typography component="span" color="error" variant="body2" role="alert">
          {pin.error.message}
        </Typography>
      )}
    </Box>
  );
};
