import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type * as z from 'zod';
import { taskEditForm, type Task } from '@sitewalk/shared/schemas/task';
import { applyServerErrors } from '../../../lib/form.ts';
import { useUpdateTask } from '../../../api/tasks.ts';
import { instantOfLocalInputIn, localInputIn } from '../../../lib/time.ts';
import { TaskFields, type TaskFieldsInput } from './task-fields.tsx';

type TaskEditValues = z.output<typeof taskEditForm>;

const valuesOf = (task: Task, timeZone: string | undefined): TaskFieldsInput => ({
  title: task.title,
  description: task.description,
  due: localInputIn(task.dueAt, timeZone),
  priority: task.priority,
});

/**
 * Editing a task's title, description, due time and priority (its creator and the location's leads). The due
 * time is on the clock of the task's location (`timeZone`, as the task page shows it), kept from the dialog's
 * opening so the time shown and the time saved are read on the same clock.
 */
export const EditTaskDialog = ({
  task,
  timeZone: zoneNow,
  onClose,
}: {
  task: Task;
  timeZone: string | undefined;
  onClose: () => void;
}) => {
  const titleId = useId();
  const [timeZone] = useState(zoneNow);
  const update = useUpdateTask(task.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TaskFieldsInput, unknown, TaskEditValues>({
    resolver: zodResolver(taskEditForm),
    defaultValues: valuesOf(task, timeZone),
  });
  const submit = form.handleSubmit(async ({ due, ...values }) => {
    setFailure(null);
    try {
      await update.mutateAsync({ ...values, dueAt: instantOfLocalInputIn(due, timeZone) });
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(error, ['title', 'description', 'priority'], form.setError));
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Edit task</DialogTitle>
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TaskFields timeZone={timeZone} />
              {failure && <Alert severity="error">{failure}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              Save
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
};
