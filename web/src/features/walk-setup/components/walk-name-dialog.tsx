import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { WALK_DESCRIPTION_MAX, WALK_NAME_MAX } from '@sitewalk/shared/constants';
import { createWalkBody } from '@sitewalk/shared/schemas/walk';
import { DialogForm, FormDialog } from '../../../components/form-dialog.tsx';

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
export const WalkNameDialog = ({ open, initial, onCancel, onSubmit }: WalkNameDialogProps) => (
  <FormDialog open={open} title="Save Walk" submitLabel="Save" onCancel={onCancel} maxWidth="xs">
    {(formId) => <WalkNameForm formId={formId} initial={initial} onSubmit={onSubmit} />}
  </FormDialog>
);

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
    <DialogForm formId={formId} sx={{ pt: 1 }} onSubmit={form.handleSubmit(onSubmit)}>
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
    </DialogForm>
  );
};
