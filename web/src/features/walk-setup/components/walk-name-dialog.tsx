import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { WALK_DESCRIPTION_MAX, WALK_NAME_MAX } from '@sitewalk/shared/constants';
import { createWalkBody } from '@sitewalk/shared/schemas/walk';

const walkNameForm = createWalkBody.pick({ name: true, description: true });
export type WalkNameValues = z.output<typeof walkNameForm>;

export interface WalkNameDialogProps {
  open: boolean;
  /** The walk's name and description when an existing walk is saved again. */
  initial: { name: string; description: string };
  onCancel: () => void;
  onSubmit: (values: WalkNameValues) => void;
}

/** The walk-name modal: name required, at most 30 characters; description at most 200. */
export const WalkNameDialog = ({ open, initial, onCancel, onSubmit }: WalkNameDialogProps) => {
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>Save Walk</DialogTitle>
      {open && <WalkNameForm formId={`${id}-form`} initial={initial} onSubmit={onSubmit} />}
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" form={`${id}-form`} variant="contained">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const WalkNameForm = ({
  formId,
  initial,
  onSubmit,
}: {
  formId: string;
  initial: WalkNameDialogProps['initial'];
  onSubmit: WalkNameDialogProps['onSubmit'];
}) => {
  const form = useForm<z.input<typeof walkNameForm>, unknown, WalkNameValues>({
    resolver: zodResolver(walkNameForm),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  return (
    <DialogContent>
      <Stack
        component="form"
        id={formId}
        noValidate
        spacing={2}
        sx={{ pt: 1 }}
        onSubmit={form.handleSubmit(onSubmit)}
      >
        <TextField
          label="Name"
          required
          autoFocus
          {...form.register('name')}
          error={Boolean(errors.name)}
          helperText={errors.name?.message ?? `${name.length}/${WALK_NAME_MAX}`}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          {...form.register('description')}
          error={Boolean(errors.description)}
          helperText={errors.description?.message ?? `${description.length}/${WALK_DESCRIPTION_MAX}`}
        />
      </Stack>
    </DialogContent>
  );
};
