import { MenuItem, Stack, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import type * as z from 'zod';
import { INCIDENT_PRIORITIES } from '@sitewalk/shared/constants';
import type { taskEditForm } from '@sitewalk/shared/schemas/task';
import { locationClockNote } from '../../../lib/time.ts';

/** What the task fields hold while a person fills them in (the due time a `datetime-local` value). */
export type TaskFieldsInput = z.input<typeof taskEditForm>;

/**
 * Title, description, due time and priority: the fields of the New task form and of editing a task, inside
 * a react-hook-form `FormProvider` whose resolver is the shared task schema. The due time is on the clock of
 * the task's location (`timeZone`), which the field names when it is not the viewer's.
 */
export const TaskFields = ({
  children,
  timeZone,
}: {
  children?: React.ReactNode;
  timeZone?: string | undefined;
}) => {
  const { register, control, formState } = useFormContext<TaskFieldsInput>();
  const { errors } = formState;
  return (
    <>
      <TextField
        label="Title"
        required
        {...register('title')}
        error={!!errors.title}
        helperText={errors.title?.message}
      />
      <TextField
        label="Description"
        multiline
        minRows={3}
        {...register('description')}
        error={!!errors.description}
        helperText={errors.description?.message}
      />
      {children}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Due"
          type="datetime-local"
          required
          slotProps={{ inputLabel: { shrink: true } }}
          {...register('due')}
          error={!!errors.due}
          helperText={errors.due?.message ?? locationClockNote(timeZone)}
          sx={{ flex: 1 }}
        />
        <Controller
          control={control}
          name="priority"
          render={({ field }) => (
            <TextField
              select
              label="Priority"
              value={field.value}
              onChange={(event) => field.onChange(Number(event.target.value))}
              error={!!errors.priority}
              helperText={errors.priority?.message}
              sx={{ flex: 1 }}
            >
              {Object.entries(INCIDENT_PRIORITIES).map(([id, name]) => (
                <MenuItem key={id} value={Number(id)}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
    </>
  );
};
