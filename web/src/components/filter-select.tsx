import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';

export interface FilterOption<V extends string | number> {
  value: V;
  label: string;
}

export interface FilterSelectProps<V extends string | number> {
  label: string;
  /** The first choice, which filters nothing out: 'All kinds', 'Everyone', 'Any status'. */
  allLabel: string;
  /** The chosen option's value; '' for all. */
  value: V | '';
  onChange: (value: V | '') => void;
  options: readonly FilterOption<V>[];
  sx?: SxProps<Theme>;
}

/** A list's filter: a small select whose first choice ('All …') is every row, then the options. */
export const FilterSelect = <V extends string | number>({
  label,
  allLabel,
  value,
  onChange,
  options,
  sx,
}: FilterSelectProps<V>) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    onChange={(event) =>
      onChange(options.find((option) => String(option.value) === String(event.target.value))?.value ?? '')
    }
    sx={sx}
  >
    <MenuItem value="">{allLabel}</MenuItem>
    {options.map((option) => (
      <MenuItem key={option.value} value={option.value}>
        {option.label}
      </MenuItem>
    ))}
  </TextField>
);
