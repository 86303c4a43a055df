import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod';
import { INCIDENT_PRIORITIES, NOTE_MAX_LENGTH, type ImageContentType } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { walkNoteBody } from '@sitewalk/shared/schemas/walkReport';
import { preparePhoto } from './photo-file.ts';
import { PhotoInput } from './photo-input.tsx';
import { usePhotoProgress } from './use-photo-progress.ts';
import { DialogForm, FormDialog } from '../../../components/form-dialog.tsx';

/** The most photos one incident takes on the spot. */
export const INCIDENT_PHOTOS_MAX = 5;

const incidentForm = z.object({
  typeId: z.string().refine((value) => value in INCIDENT_PRIORITIES, 'Choose a priority'),
  note: walkNoteBody.shape.note,
});

export interface IncidentValues {
  typeId: 1 | 2 | 3;
  note: string;
  /** As queued: made smaller on the phone, or the originals (photo-file.ts). */
  photos: { blob: Blob; contentType: ImageContentType }[];
}

export interface IncidentDialogProps {
  open: boolean;
  onCancel: () => void;
  onSave: (values: IncidentValues) => void;
}

/** 'Report incident': a priority, a note and photos, linked to this walk's report. */
export const IncidentDialog = ({ open, onCancel, onSave }: IncidentDialogProps) => (
  <FormDialog
    open={open}
    title="Report incident"
    submitLabel="Save incident"
    onCancel={onCancel}
    buttonSize="large"
  >
    {(formId) => <IncidentForm formId={formId} onSave={onSave} />}
  </FormDialog>
);

const IncidentForm = ({ formId, onSave }: { formId: string; onSave: (values: IncidentValues) => void }) => {
  const form = useForm<z.input<typeof incidentForm>, unknown, z.output<typeof incidentForm>>({
    resolver: zodResolver(incidentForm),
    defaultValues: { typeId: '', note: '' },
  });
  const { errors } = form.formState;
  const [photos, setPhotos] = useState<IncidentValues['photos']>([]);
  const { shrinkPhoto, preparing, setPreparing, notice, setNotice, problem, setProblem } = usePhotoProgress();
  return (
    <DialogForm
      formId={formId}
      sx={{ pt: 1 }}
      onSubmit={form.handleSubmit(({ typeId, note }) => {
        if (preparing) return setProblem(messages.photo.stillPreparing);
        onSave({ typeId: Number(typeId) as 1 | 2 | 3, note, photos });
      })}
    >
      <Controller
        control={form.control}
        name="typeId"
        render={({ field }) => (
          <TextField
            select
            label="Priority"
            required
            fullWidth
            {...field}
            error={Boolean(errors.typeId)}
            helperText={errors.typeId?.message}
          >
            {Object.entries(INCIDENT_PRIORITIES).map(([value, name]) => (
              <MenuItem key={value} value={value}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Note"
        required
        fullWidth
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
        {...form.register('note')}
        error={Boolean(errors.note)}
        helperText={errors.note?.message}
      />
      <PhotoInput
        name="Incident photos"
        multiple
        fullWidth
        disabled={preparing || photos.length >= INCIDENT_PHOTOS_MAX}
        onFiles={(files) => {
          setPreparing(true);
          setNotice(null);
          setProblem(null);
          void (async () => {
            const taken = [...photos];
            let refused: string | null = null;
            let warned: string | null = null;
            // One at a time: each holds a decoded picture of up to 48 MP while it is made smaller.
            for (const file of files) {
              if (taken.length >= INCIDENT_PHOTOS_MAX) {
                refused = `At most ${INCIDENT_PHOTOS_MAX} photos`;
                break;
              }
              const prepared = await preparePhoto(file, shrinkPhoto);
              if ('problem' in prepared) refused = prepared.problem;
              else {
                taken.push({ blob: prepared.blob, contentType: prepared.contentType });
                warned = prepared.notice ?? warned;
              }
            }
            setPhotos(taken);
            setNotice(warned);
            setProblem(refused);
            setPreparing(false);
          })();
        }}
      />
      {preparing && (
        <Typography variant="body2" color="text.secondary" role="status">
          {messages.photo.preparing}
        </Typography>
      )}
      {!preparing && photos.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {photos.length === 1 ? '1 photo' : `${photos.length} photos`}
        </Typography>
      )}
      {notice && <Alert severity="warning">{notice}</Alert>}
      {problem && <Alert severity="error">{problem}</Alert>}
    </DialogForm>
  );
};
