import { Autocomplete, Box, TextField, Typography, type SxProps, type Theme } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';

/** How long typing must pause before the picker asks the server: one request per word, not per key. */
export const PICKER_DEBOUNCE_MS = 250;

/** One choice as the picker shows it. */
export interface PickerOption {
  id: number;
  label: string;
  /** A second line: an address, a role and e-mail. */
  detail?: string;
  managementCompanyId?: number | null;
}

export interface SearchPickerProps {
  label: string;
  /** The chosen id; null when none is (then `allLabel`, when given, shows as the placeholder). */
  value: number | null;
  onChange: (id: number | null) => void;
  /** A hook: the server's matches of a term (at most PICKER_MATCHES), as options; asked while open. */
  useMatches: (term: string, enabled: boolean) => UseQueryResult<readonly PickerOption[]>;
  /** A hook: the chosen one, asked for when it is not among the matches (a value from the address, a form). */
  useChosen: (id: number, enabled: boolean) => UseQueryResult<PickerOption>;
  /** 'No location matches'. */
  noMatchText: string;
  /** 'The locations could not be searched.' */
  errorText: string;
  /** A filter's 'All locations': what no choice means. */
  allLabel?: string;
  /** Only the options of this management company (the activity log of one company); null or absent: all. */
  managementCompanyId?: number | null;
  required?: boolean;
  disabled?: boolean;
  /** A form's error for the field. */
  error?: string | undefined;
  helperText?: string | undefined;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  name?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/**
 * A searchable autocomplete that asks the server for what is typed (debounced) instead of loading every
 * choice of the scope: it works the same with 5 or 5,000. The chosen one keeps its label when it is not
 * among the matches. Keyboard use and screen-reader labels are MUI Autocomplete's (a labelled combobox).
 */
export const SearchPicker = ({
  label,
  value,
  onChange,
  useMatches,
  useChosen,
  noMatchText,
  errorText,
  allLabel,
  managementCompanyId,
  required,
  disabled,
  error,
  helperText,
  size,
  fullWidth = true,
  sx,
  name,
  inputRef,
  onBlur,
}: SearchPickerProps) => {
  const [open, setOpen] = useState(false);
  const [inputValue, setInputValue] = useState('');
  // What was typed; the label a choice puts in the box is not a search.
  const [term, setTerm] = useState('');
  const settledTerm = useDebouncedValue(term.trim(), PICKER_DEBOUNCE_MS);
  const [picked, setPicked] = useState<PickerOption | null>(null);

  const matches = useMatches(settledTerm, open);
  const pickedNow = picked !== null && picked.id === value ? picked : null;
  const fromMatches = value === null ? undefined : matches.data?.find((option) => option.id === value);
  const chosenQuery = useChosen(value ?? 0, value !== null && !pickedNow && !fromMatches);
  const chosen: PickerOption | null =
    value === null
      ? null
      : (pickedNow ??
        fromMatches ??
        chosenQuery.data ?? { id: value, label: chosenQuery.isError ? `#${value}` : '…' });

  const searching = open && (term.trim() !== settledTerm || matches.isFetching);
  const found = searching
    ? []
    : (matches.data ?? []).filter(
        (option) => managementCompanyId == null || option.managementCompanyId === managementCompanyId,
      );
  // The chosen one is listed too (first), so the box always holds one of the options.
  const options = chosen && !found.some((option) => option.id === chosen.id) ? [chosen, ...found] : found;

  return (
    <Autocomplete<PickerOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={chosen}
      onChange={(_, next) => {
        setPicked(next);
        onChange(next?.id ?? null);
      }}
      inputValue={inputValue}
      onInputChange={(_, next, reason) => {
        setInputValue(next);
        setTerm(reason === 'input' ? next : '');
      }}
      // The server has filtered; the box only shows what it answered.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={searching}
      loadingText="Searching…"
      noOptionsText={matches.isError ? errorText : noMatchText}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      sx={sx}
      onBlur={onBlur}
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{option.label}</Typography>
            {option.detail && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {option.detail}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          // The field fills the picker's box; `fullWidth` and `sx` above size that box.
          fullWidth
          label={label}
          name={name}
          inputRef={inputRef}
          required={required}
          placeholder={allLabel}
          error={!!error}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps?.inputLabel, shrink: allLabel ? true : undefined },
          }}
        />
      )}
    />
  );
};
