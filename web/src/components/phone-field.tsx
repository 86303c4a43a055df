import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { formatPhoneInput } from '../lib/phone-input.ts';

/**
 * A form's phone number: formatted as typed to ddd-ddd-dddd, its error from the form, else
 * `helperText`. Companies and users use it.
 */
export const PhoneField = <T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's context and output
  control: Control<T, any, any>;
  name: Path<T>;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'>) => {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      label="Phone Number"
      type="tel"
      autoComplete="tel"
      placeholder="555-555-5555"
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(formatPhoneInput(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      slotProps={{ htmlInput: { maxLength: 12, inputMode: 'tel' } }}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
};
