import { MenuItem, TextField } from '@mui/material';
import { SELECT_MAX_MENU_HEIGHT } from '@sitewalk/shared/constants';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface IdSelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form field that holds the chosen id (a number; undefined while none is chosen). */
  name: FieldPath<T>;
  label: string;
  /** What may be chosen, in the order shown. */
  options: readonly { id: number; name: string }[];
  disabled?: boolean;
  /** Shown as the field's error when the form has none for it ('The areas could not be loaded.'). */
  problem?: string;
}

/**
 * A required select of one object by its id (a management company, an area), bound to a react-hook-form
 * field. An id the options do not hold shows as nothing chosen; the list scrolls beyond 300 px.
 */
export const IdSelectField = <T extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled = false,
  problem,
}: IdSelectFieldProps<T>) => (
  <Controller
    control={control}
    name={name}
    render={({ field, fieldState }) => {
      const chosen: unknown = field.value;
      const message = fieldState.error?.message ?? problem;
      return (
        <TextField
          select
          label={label}
          required
          fullWidth
          disabled={disabled}
          name={field.name}
          inputRef={field.ref}
          value={typeof chosen === 'number' && options.some(({ id }) => id === chosen) ? chosen : ''}
          onChange={(event) =>
            field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
          }
          onBlur={field.onBlur}
          error={!!fieldState.error || !!problem}
          helperText={message}
          slotProps={{
            select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: SELECT_MAX_MENU_HEIGHT } } } } },
          }}
        >
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      );
    }}
  />
);
