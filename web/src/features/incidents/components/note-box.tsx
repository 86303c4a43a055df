import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { NOTE_MAX_LENGTH } from '@sitewalk/shared/constants';

export interface NoteBoxProps {
  /** Sends a note (never a blank one); resolves when it is saved. */
  onAdd: (note: string) => Promise<unknown>;
  /** No known current user: nothing may be sent. */
  disabled?: boolean;
}

/** The add-note box of the incident detail: blank text is not sent. */
export const NoteBox = ({ onAdd, disabled = false }: NoteBoxProps) => {
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const blank = note.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || disabled || sending) return;
    setSending(true);
    setFailed(false);
    try {
      await onAdd(note.trim());
      setNote('');
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack component="form" onSubmit={submit} spacing={1} noValidate>
      <TextField
        label="Add a note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
      />
      {failed && <Alert severity="error">The note could not be added. Please try again.</Alert>}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={blank || disabled || sending}
          sx={{ textTransform: 'none' }}
        >
          {sending ? 'Adding...' : 'Add Note'}
        </Button>
      </Stack>
    </Stack>
  );
};
