import { Button, Dialog, DialogActions, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  /** The submit button's text; the other button says 'Cancel'. */
  submitLabel: string;
  onCancel: () => void;
  /**
   * The dialog's content, drawn only while it is open so each opening starts a fresh form; the `<form>` in it
   * takes `formId` as its id, which the submit button in the dialog's actions submits.
   */
  children: (formId: string) => ReactNode;
  maxWidth?: 'xs' | 'sm';
  /** The buttons' size: the recorder's are large, for a walker's thumb. */
  buttonSize?: 'medium' | 'large';
}

/** A dialog around one form: a title, the form, and Cancel beside the form's submit button. */
export const FormDialog = ({
  open,
  title,
  submitLabel,
  onCancel,
  children,
  maxWidth = 'sm',
  buttonSize,
}: FormDialogProps) => {
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {open && children(`${id}-form`)}
      <DialogActions>
        <Button onClick={onCancel} size={buttonSize}>
          Cancel
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" size={buttonSize}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
