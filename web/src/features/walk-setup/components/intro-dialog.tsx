import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

/** The intro modal: the manager double-clicks the places on the map that will need to be walked. */
export const IntroDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>Set up a walk</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          Double-click the locations on the map that you will need to walk, in the order to walk them. Each
          double-click adds a numbered marker; drag markers on the map or in the list to adjust the walk.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
};
