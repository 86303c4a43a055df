import { Alert, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
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
const useFormSubmit = <V extends FieldValues, O>(
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

/**
 * An add or update form's state: react-hook-form over `resolver` (the shared schema's), the submit through
 * the page's save, and the props of its `FormCard`.
 */
export const useFormCard = <V extends FieldValues, O>(
  resolver: Resolver<V, unknown, O>,
  { defaultValues, save, disabled, onSubmit }: FormProps<V, O>,
  fields: readonly Path<V>[],
) => {
  const form = useForm<V, unknown, O>({ resolver, defaultValues: defaultValues as DefaultValues<V> });
  const { submit, failure } = useFormSubmit(form, fields, save, onSubmit);
  return { form, card: { form, onSubmit: submit, status: save.status, failure, disabled } };
};

export interface FormCardProps<V extends FieldValues = FieldValues, O = V> {
  form: UseFormReturn<V, unknown, O>;
  onSubmit: (event: FormEvent) => Promise<void>;
  status: TimedStatus;
  failure: string | null;
  /** The Save button's; the fields say their own. */
  disabled: boolean;
  /** A line above the fields ('Areas are required to create locations. …'). */
  intro?: string;
  children: ReactNode;
}

/**
 * The card of an add or update form: the fields, what failed, and Save with its status. What is inside
 * reaches the form through `useFormContext` (`FormTextField`, Add Location's Search).
 */
export const FormCard = <V extends FieldValues, O>({
  form,
  onSubmit,
  status,
  failure,
  disabled,
  intro,
  children,
}: FormCardProps<V, O>) => (
  <FormProvider {...form}>
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
  </FormProvider>
);

/** A required text field of the surrounding form, with its error under it. */
export const FormTextField = ({
  name,
  label,
  disabled,
  autoComplete,
}: {
  name: string;
  label: string;
  disabled: boolean;
  autoComplete?: string;
}) => {
  const { register, getFieldState, formState } = useFormContext();
  const { error } = getFieldState(name, formState);
  return (
    <TextField
      label={label}
      required
      fullWidth
      disabled={disabled}
      autoComplete={autoComplete}
      {...register(name)}
      error={!!error}
      helperText={error?.message}
    />
  );
};
