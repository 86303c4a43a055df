import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { TimedStatus } from '../hooks/use-timed-status.ts';
import { applyServerErrors } from '../lib/form.ts';
import { SaveButton } from './save-button.tsx';

/** What `useSaveStatus` gives: the form's save runs through it, so the page sees it busy too. */
export interface FormSave {
  status: TimedStatus;
  run: <T>(work: () => Promise<T>) => Promise<T | undefined>;
}

/**
 * A form's submit: checks the values (the form's resolver), then runs `work` through `save`. A failure puts
 * the API's field errors under `fields`; what no field takes is `failure`, shown above the button.
 */
export const useFormSubmit = <V extends FieldValues, O>(
  form: UseFormReturn<V, unknown, O>,
  fields: readonly Path<V>[],
  save: FormSave,
  work: (values: O) => Promise<unknown>,
) => {
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    await save.run(async () => {
      try {
        return await work(values);
      } catch (error) {
        setFailure(applyServerErrors(error, fields, form.setError));
        throw error;
      }
    });
  });
  return { submit, failure };
};

/** What every add or update form takes from its page: the values it starts from, and what Save does. */
export interface FormProps<I, O> {
  defaultValues: I;
  save: FormSave;
  /** The fields and Save (no right to save, or a save or delete under way). */
  disabled: boolean;
  onSubmit: (values: O) => Promise<unknown>;
  /** More after the form's own fields (a logo; Search and a map). */
  children?: ReactNode;
}

export interface FormCardProps {
  onSubmit: (event: FormEvent) => Promise<void>;
  status: TimedStatus;
  failure: string | null;
  /** The Save button's; the fields say their own. */
  disabled: boolean;
  /** A line above the fields ('Areas are required to create locations. …'). */
  intro?: string;
  children: ReactNode;
}

/** The card of an add or update form: the fields, what failed, and Save with its status. */
export const FormCard = ({ onSubmit, status, failure, disabled, intro, children }: FormCardProps) => (
  <Card variant="outlined">
    <CardContent>
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
        {intro && <Typography color="text.secondary">{intro}</Typography>}
        {children}
        {failure && <Alert severity="error">{failure}</Alert>}
        <SaveButton status={status} disabled={disabled} />
      </Stack>
    </CardContent>
  </Card>
);
