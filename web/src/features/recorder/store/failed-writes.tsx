import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import {
  discardConsequence,
  discardLabel,
  discardQuestion,
  failedTitle,
  failedWriteText,
  retryLabel,
} from './outbox-texts.ts';
import type { FailedWrite, Outbox } from './types.ts';

/**
 * The writes the API refused, or photos that failed the same way again and again (issue 28): each with what went
 * wrong, Retry (back into the queue, tried at once) and Discard (after a confirmation that says what is lost; the
 * walk report is then told that an item was discarded on the phone). Nothing leaves this list silently.
 */
export const FailedWrites = ({
  failed,
  outbox,
}: {
  failed: readonly FailedWrite[];
  outbox: Pick<Outbox, 'retry' | 'discard'>;
}) => {
  const [confirming, setConfirming] = useState<FailedWrite | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const act = async (seq: number, action: (seq: number) => Promise<void>) => {
    setBusy(seq);
    try {
      await action(seq);
    } finally {
      setBusy(null);
    }
  };
  if (failed.length === 0 && confirming === null) return null;
  return (
    <>
      {failed.length > 0 && (
        <Alert
          severity="error"
          data-testid="failed-writes"
          sx={{
            '& .MuiAlert-message': { width: '100%', minWidth: 0 },
            // On the narrowest phones the icon's column is worth more to the buttons.
            '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
            px: { xs: 1.5, sm: 2 },
          }}
        >
          <AlertTitle>{failedTitle(failed.length)}</AlertTitle>
          <List disablePadding aria-label={failedTitle(failed.length)}>
            {failed.map((failure) => (
              <ListItem
                key={failure.seq}
                disableGutters
                data-testid="failed-write"
                sx={{
                  display: 'grid',
                  // The reason over the buttons on a phone; beside them when there is room.
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
                  gap: 1,
                  alignItems: 'center',
                  py: 1,
                  '& + &': { borderTop: 1, borderColor: 'divider' },
                }}
              >
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {failedWriteText(failure)}
                </Typography>
                <Box
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 1,
                    justifyContent: { xs: 'flex-start', sm: 'flex-end' },
                  }}
                >
                  <Button
                    size="small"
                    variant="outlined"
                    color="inherit"
                    disabled={busy === failure.seq}
                    aria-label={retryLabel(failure)}
                    onClick={() => void act(failure.seq, outbox.retry)}
                    sx={{ minHeight: 40, minWidth: 72 }}
                  >
                    Retry
                  </Button>
                  <Button
                    size="small"
                    variant="text"
                    color="inherit"
                    disabled={busy === failure.seq}
                    aria-label={discardLabel(failure)}
                    onClick={() => setConfirming(failure)}
                    // The darker red: the lighter one is too faint on the alert's background.
                    sx={{ minHeight: 40, minWidth: 72, color: 'error.dark' }}
                  >
                    Discard
                  </Button>
                </Box>
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="discard-title"
        aria-describedby="discard-consequence"
      >
        {confirming && (
          <>
            <DialogTitle id="discard-title">{discardQuestion(confirming)}</DialogTitle>
            <DialogContent>
              <DialogContentText id="discard-consequence">{discardConsequence(confirming)}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(null)} autoFocus>
                Keep it
              </Button>
              <Button
                color="error"
                variant="contained"
                onClick={() => {
                  const { seq } = confirming;
                  setConfirming(null);
                  void act(seq, outbox.discard);
                }}
              >
                Discard
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
};
