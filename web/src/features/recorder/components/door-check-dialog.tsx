import { Alert, DialogContentText, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ImageContentType } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { preparePhoto } from './photo-file.ts';
import { PhotoInput } from './photo-input.tsx';
import { usePhotoProgress } from './use-photo-progress.ts';
import { DialogForm, FormDialog } from '../../../components/form-dialog.tsx';

export const doorCheckTexts = {
  waiting: "Waiting for SiteWalk to name the unit to check: it does once this walk's start is sent.",
};

export interface DoorCheckValues {
  /** The photo as it is queued: made smaller on the phone, or the original (photo-file.ts). */
  blob: Blob;
  contentType: ImageContentType;
  picturedUnit: string;
}

export interface DoorCheckDialogProps {
  open: boolean;
  markerLabel: string;
  /**
   * The unit the API drew from the marker's range when the walk started; null when it has none (only the photo is
   * asked); undefined while the phone does not know it yet (the walk's start has not reached SiteWalk).
   */
  unit: string | null | undefined;
  onCancel: () => void;
  onSave: (values: DoorCheckValues) => void;
}

/** 'Door check': a photo of the door of the unit asked for, and the unit number the walker saw. */
export const DoorCheckDialog = ({ open, markerLabel, unit, onCancel, onSave }: DoorCheckDialogProps) => (
  <FormDialog
    open={open}
    title="Door check"
    submitLabel="Save door check"
    onCancel={onCancel}
    buttonSize="large"
  >
    {(formId) => <DoorCheckForm formId={formId} markerLabel={markerLabel} unit={unit} onSave={onSave} />}
  </FormDialog>
);

const DoorCheckForm = ({
  formId,
  markerLabel,
  unit,
  onSave,
}: {
  formId: string;
  markerLabel: string;
  unit: string | null | undefined;
  onSave: (values: DoorCheckValues) => void;
}) => {
  const form = useForm<{ picturedUnit: string }>({ defaultValues: { picturedUnit: '' } });
  const [photo, setPhoto] = useState<{ name: string; blob: Blob; contentType: ImageContentType } | null>(
    null,
  );
  const { shrinkPhoto, preparing, setPreparing, notice, setNotice, problem, setProblem } = usePhotoProgress();
  return (
    <DialogForm
      formId={formId}
      onSubmit={form.handleSubmit(({ picturedUnit }) => {
        if (preparing) {
          setProblem(messages.photo.stillPreparing);
          return;
        }
        if (!photo) {
          setProblem('Take a photo of the door first');
          return;
        }
        onSave({ blob: photo.blob, contentType: photo.contentType, picturedUnit: picturedUnit.trim() });
      })}
    >
      <DialogContentText>
        {unit ? `Take a photo of the door of unit ${unit}.` : 'Take a photo of the door.'}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {markerLabel}
        </Typography>
      </DialogContentText>
      {unit === undefined && (
        <Alert severity="info" role="status">
          {doorCheckTexts.waiting}
        </Alert>
      )}
      <PhotoInput
        name="Door photo"
        text={photo ? 'Retake door photo' : 'Door photo'}
        variant={photo ? 'outlined' : 'contained'}
        fullWidth
        disabled={preparing}
        onFiles={([file]) => {
          if (!file) return;
          setPhoto(null);
          setNotice(null);
          setProblem(null);
          setPreparing(true);
          void preparePhoto(file, shrinkPhoto).then((prepared) => {
            setPreparing(false);
            if ('problem' in prepared) return setProblem(prepared.problem);
            // A 'still being prepared' from a Save tapped meanwhile no longer holds.
            setProblem(null);
            setPhoto({ name: file.name, blob: prepared.blob, contentType: prepared.contentType });
            setNotice(prepared.notice);
          });
        }}
      />
      {preparing && (
        <Typography variant="body2" color="text.secondary" role="status">
          {messages.photo.preparing}
        </Typography>
      )}
      {photo && (
        <Typography variant="body2" color="success.main">
          Photo ready: {photo.name || 'door photo'}
        </Typography>
      )}
      {notice && <Alert severity="warning">{notice}</Alert>}
      {problem && <Alert severity="error">{problem}</Alert>}
      <TextField
        label="Unit number seen"
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20, autoComplete: 'off' } }}
        {...form.register('picturedUnit')}
      />
    </DialogForm>
  );
};
