import { Autocomplete, MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { lockableChips } from '../../../components/pickers/search-picker.tsx';

export interface PlaceOption {
  id: number;
  name: string;
}

/** A select of one management company (or a default location): `''` is none chosen. */
export const SingleSelect = ({
  label,
  value,
  options,
  onChange,
  error,
  disabled,
  noneLabel,
  required,
}: {
  label: string;
  value: number | '';
  /** A name may be a component that reads it (a chosen location's, by id). */
  options: readonly { id: number; name: ReactNode }[];
  onChange: (value: number | '') => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Offer 'none' with this label. */
  noneLabel?: string;
  required?: boolean;
}) => (
  <TextField
    select
    label={label}
    value={options.some((o) => o.id === value) ? value : ''}
    onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
    error={!!error}
    helperText={error}
    disabled={disabled}
    required={required}
    fullWidth
    slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } } }}
  >
    {noneLabel !== undefined && <MenuItem value="">{noneLabel}</MenuItem>}
    {options.map((option) => (
      <MenuItem key={option.id} value={option.id}>
        {option.name}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * A searchable multi-select of areas or locations. Chosen places the signed-in user may not remove are
 * listed in `locked`: they stay, shown without a delete button.
 */
export const MultiPlaceSelect = ({
  label,
  value,
  options,
  onChange,
  error,
  helperText,
  disabled,
  locked = [],
}: {
  label: string;
  value: readonly number[];
  options: readonly PlaceOption[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
  helperText?: string;
  disabled?: boolean;
  locked?: readonly number[];
}) => {
  const byId = new Map(options.map((o) => [o.id, o]));
  const selected = value.map((id) => byId.get(id) ?? { id, name: `#${id}` });
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options as PlaceOption[]}
      value={selected}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionDisabled={(option) => locked.includes(option.id)}
      onChange={(_, next) => {
        const ids = next.map((o) => o.id);
        onChange([...new Set([...locked.filter((id) => value.includes(id)), ...ids])]);
      }}
      disabled={disabled}
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderValue={lockableChips(locked, (option: PlaceOption) => option.name)}
      renderInput={(params) => (
        <TextField {...params} label={label} error={!!error} helperText={error ?? helperText} />
      )}
    />
  );
};
