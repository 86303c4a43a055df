import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useLocation } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import { ApiError } from '../lib/api-client.ts';
import { useLogout } from '../lib/auth.tsx';

/** The message the shell's panel is chosen by: a failed call's reason phrase, or an error's message. */
export const errorMessageOf = (error: unknown): string | null => {
  if (error instanceof ApiError) {
    const reason = error.body?.error ?? error.statusText;
    if (reason === 'Conflict' || reason === 'Unauthorized' || reason === 'Internal Server Error')
      return reason;
    return error.message || reason || null;
  }
  if (error instanceof Error) return error.message || null;
  if (typeof error === 'string') return error || null;
  return null;
};

/** The shell's error panel: the text and the button for a message. */
export const errorPanelContent = (message: string | null): { text: string; action: string } => {
  switch (message) {
    case null:
    case '':
      return { text: messages.shell.noMessage, action: 'Try Again' };
    case 'Conflict':
      return { text: messages.shell.conflict, action: 'Try Again' };
    case 'Unauthorized':
      return { text: messages.shell.unauthorized, action: 'Reset' };
    case 'Unknown Error':
      return { text: messages.shell.unknown, action: 'Try Again' };
    case 'Internal Server Error':
      return { text: messages.shell.internal, action: 'Try Again' };
    default:
      return { text: message, action: 'Try Again' };
  }
};

export interface ErrorPanelProps {
  /** The failure: an ApiError, an Error or a message. Without it, the message passed as navigation state. */
  error?: unknown;
  /** What the button does; by default it logs out (the shell's reset). */
  onReset?: () => void;
}

export const ErrorPanel = ({ error, onReset }: ErrorPanelProps) => {
  const logout = useLogout();
  const state: unknown = useLocation().state;
  const fromState =
    state && typeof state === 'object' && 'message' in state && typeof state.message === 'string'
      ? state.message
      : null;
  const { text, action } = errorPanelContent(error === undefined ? fromState : errorMessageOf(error));
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6, px: 2 }}>
      <Alert severity="error" sx={{ maxWidth: 560, width: '100%' }}>
        <AlertTitle>Error</AlertTitle>
        {text}
        <Box sx={{ mt: 1.5 }}>
          {/* The alert's own text colour: the error red on the alert's pink fails contrast (axe). */}
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={() => (onReset ? onReset() : void logout())}
          >
            {action}
          </Button>
        </Box>
      </Alert>
    </Box>
  );
};
