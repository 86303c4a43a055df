import { zodResolver } from '@hookform/resolvers/zod';
import { DialogContent, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { NOTE_MAX_LENGTH } from '@sitewalk/shared/constants';
import { walkNoteBody } from '@sitewalk/shared/schemas/walkReport';
import { FormDialog } from '../../../components/form-dialog.tsx';

const noteForm = walkNoteBody.pick({ note: true });
type NoteValues = z.output<typeof noteForm>;

export interface NoteDialogProps {
  open: boolean;
  /** 'Marker 3': where the note goes. */
  markerLabel: string;
  onCancel: () => void;
  onSave: (note: string) => void;
}

/** 'Add note': one note at the selected marker; an empty note is refused with the API's own message. */
export const NoteDialog = ({ open, markerLabel, onCancel, onSave }: NoteDialogProps) => (
  <FormDialog open={open} title="Add note" submitLabel="Save note" onCancel={onCancel} buttonSize="large">
    {(formId) => <NoteForm formId={formId} markerLabel={markerLabel} onSave={onSave} />}
  </FormDialog>
);

const NoteForm = ({
  formId,
  markerLabel,
  onSave,
}: {
  formId: string;
  markerLabel: string;
  onSave: (note: string) => void;
}) => {
  const form = useForm<z.input<typeof noteForm>, unknown, NoteValues>({
    resolver: zodResolver(noteForm),
    defaultValues: { note: '' },
  });
  const { errors } = form.formState;
  return (
    <DialogContent>
      <form id={formId} noValidate onSubmit={form.handleSubmit(({ note }) => onSave(note))}>
        <TextField
          label="Note"
          required
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
          {...form.register('note')}
          error={Boolean(errors.note)}
          helperText={errors.note?.message ?? `At ${markerLabel}`}
        />
      </form>
    </DialogContent>
  );
};
