import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { resolveDiscrepancyBody } from '@sitewalk/shared/schemas/lockCheck';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { errorMessageOf } from '../../components/error-panel.tsx';
import { useResolveDiscrepancy } from '../../api/lock-check-reports.ts';
import type { DiscrepancyRow } from './lock-check-view.ts';

const resolveForm = z.object({ note: resolveDiscrepancyBody.shape.note });

/** 'Resolve' on a discrepancy: a note says what was done (the unit re-locked, the roster corrected …). */
export const ResolveDialog = ({
  lockCheckId,
  row,
  onClose,
}: {
  lockCheckId: number;
  /** The discrepancy being resolved; null: the dialog is closed. */
  row: DiscrepancyRow | null;
  onClose: () => void;
}) => {
  const resolve = useResolveDiscrepancy(lockCheckId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(resolveForm), defaultValues: { note: '' } });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async ({ note }) => {
    if (!row) return;
    setFailure(null);
    try {
      await resolve.mutateAsync({ unit: row.discrepancy.unit, kind: row.discrepancy.kind, note });
      close();
    } catch (error) {
      setFailure(errorMessageOf(error) ?? 'The discrepancy could not be resolved');
    }
  });
  return (
    <FormDialog
      open={row !== null}
      title={row ? `Resolve: unit ${row.discrepancy.unit}, ${row.label.toLowerCase()}` : ''}
      submitLabel="Resolve"
      onCancel={close}
    >
      {(formId) => (
        <DialogForm formId={formId} onSubmit={(event) => void submit(event)}>
          <TextField
            {...form.register('note')}
            label="What was done"
            required
            multiline
            minRows={3}
            autoFocus
            error={!!form.formState.errors.note}
            helperText={form.formState.errors.note?.message}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </DialogForm>
      )}
    </FormDialog>
  );
};
