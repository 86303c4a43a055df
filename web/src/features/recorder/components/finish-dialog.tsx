import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useId } from 'react';
import type { FinishSummary } from '../logic/finish-summary.ts';

export interface FinishDialogProps {
  open: boolean;
  summary: FinishSummary | null;
  onKeepWalking: () => void;
  onFinish: () => void;
}

/** 'Finish this walk?': reached and missed markers, the time, and the 90 % rule's verdict, before confirming. */
export const FinishDialog = ({ open, summary, onKeepWalking, onFinish }: FinishDialogProps) => {
  const id = useId();
  return (
    <Dialog open={open} onClose={onKeepWalking} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>Finish this walk?</DialogTitle>
      {summary && (
        <DialogContent>
          <List dense disablePadding>
            <ListItem disableGutters>
              <ListItemText primary={summary.lines.reached} />
            </ListItem>
            <ListItem disableGutters>
              <ListItemText primary={summary.lines.missed} />
            </ListItem>
            <ListItem disableGutters>
              <ListItemText primary={summary.lines.time} />
            </ListItem>
          </List>
          <Chip
            label={summary.verdict}
            color={summary.verdict === 'Completed' ? 'success' : 'warning'}
            sx={{ mt: 1, fontWeight: 600 }}
          />
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onKeepWalking} size="large">
          Keep walking
        </Button>
        <Button onClick={onFinish} variant="contained" size="large">
          Finish
        </Button>
      </DialogActions>
    </Dialog>
  );
};
