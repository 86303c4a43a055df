import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useId, type FormEventHandler, type ReactNode } from 'react';

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

/** The form inside a `FormDialog`: a column of fields, its own checks instead of the browser's. */
export const DialogForm = ({
  formId,
  onSubmit,
  sx,
  children,
}: {
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) => (
  <DialogContent>
    <Stack component="form" id={formId} noValidate spacing={2} sx={sx} onSubmit={onSubmit}>
      {children}
    </Stack>
  </DialogContent>
);
