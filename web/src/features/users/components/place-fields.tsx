import { MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';

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
