import {
  Autocomplete,
  Box,
  Chip,
  TextField,
  Typography,
  type AutocompleteRenderInputParams,
  type AutocompleteRenderValueGetItemProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
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

interface SearchPickerCommonProps {
  label: string;
  /**
   * A hook: the server's matches of a term (at most PICKER_MATCHES), as options; asked while open. With
   * `managementCompanyId`, the server's matches of that company only.
   */
  useMatches: (
    term: string,
    enabled: boolean,
    managementCompanyId: number | undefined,
  ) => UseQueryResult<readonly PickerOption[]>;
  /** A hook: a chosen one, asked for when its label is not known (a value from the address, a form). */
  useChosen: (id: number, enabled: boolean) => UseQueryResult<PickerOption>;
  /** 'No location matches'. */
  noMatchText: string;
  /** 'The locations could not be searched.' */
  errorText: string;
  /** A filter's 'All locations': what no choice means. */
  allLabel?: string;
  /** Only the options of this management company (the activity log of one company); null or absent: all. */
  managementCompanyId?: number | null;
  /**
   * Whether the signed-in user may choose an option (the shared policy, as the server will decide): one it
   * refuses is listed, disabled. Absent: every match may be chosen.
   */
  allows?: (option: PickerOption) => boolean;
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

export interface SingleValueProps {
  multiple?: false;
  /** The chosen id; null when none is (then `allLabel`, when given, shows as the placeholder). */
  value: number | null;
  onChange: (id: number | null) => void;
}

export interface MultipleValueProps {
  /** Several chosen, shown as chips. */
  multiple: true;
  value: readonly number[];
  /** The ids chosen, and the labels of those the picker knows (picked here, or `knownLabels`). */
  onChange: (ids: number[], labels: ReadonlyMap<number, string>) => void;
  /** Chosen ones the signed-in user may not remove: they stay, without a delete button. */
  locked?: readonly number[];
  /** Labels already at hand (a user's memberships name their places): not asked for again. */
  knownLabels?: ReadonlyMap<number, string>;
}

export type SearchPickerProps = SearchPickerCommonProps & (SingleValueProps | MultipleValueProps);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The props of a picker of one kind (locations, areas): its own search, texts and default label given. */
export type KindPickerProps = DistributiveOmit<
  SearchPickerProps,
  'useMatches' | 'useChosen' | 'noMatchText' | 'errorText' | 'label'
> & { label?: string };

/** What a search shows: the matches of the term typed (debounced), once the server has answered it. */
const usePickerSearch = ({ useMatches, managementCompanyId }: SearchPickerCommonProps) => {
  const [open, setOpen] = useState(false);
  const [inputValue, setInputValue] = useState('');
  // What was typed; the label a choice puts in the box is not a search.
  const [term, setTerm] = useState('');
  const settledTerm = useDebouncedValue(term.trim(), PICKER_DEBOUNCE_MS);
  const matches = useMatches(settledTerm, open, managementCompanyId ?? undefined);
  const searching = open && (term.trim() !== settledTerm || matches.isFetching);
  return {
    matches,
    found: searching ? [] : (matches.data ?? []),
    searching,
    open,
    setOpen,
    inputValue,
    setInputValue,
    setTerm,
  };
};

/** The Autocomplete props both kinds share: the server's options, as it answered them. */
const autocompleteProps = (
  props: SearchPickerCommonProps,
  search: ReturnType<typeof usePickerSearch>,
  clearsTermOnChoice: boolean,
) => ({
  open: search.open,
  onOpen: () => search.setOpen(true),
  onClose: () => search.setOpen(false),
  inputValue: search.inputValue,
  onInputChange: (_: unknown, next: string, reason: string) => {
    // A multi-select keeps the box empty after a choice (MUI 'reset'), so one can search again.
    if (clearsTermOnChoice && reason === 'reset') return;
    search.setInputValue(next);
    search.setTerm(reason === 'input' ? next : '');
  },
  // The server has filtered; the box only shows what it answered.
  filterOptions: (all: PickerOption[]) => all,
  getOptionLabel: (option: PickerOption) => option.label,
  isOptionEqualToValue: (a: PickerOption, b: PickerOption) => a.id === b.id,
  getOptionDisabled: (option: PickerOption) => props.allows?.(option) === false,
  loading: search.searching,
  loadingText: 'Searching…',
  noOptionsText: search.matches.isError ? props.errorText : props.noMatchText,
  disabled: props.disabled,
  fullWidth: props.fullWidth ?? true,
  size: props.size,
  sx: props.sx,
  onBlur: props.onBlur,
  slotProps: { listbox: { style: { maxHeight: 300 } } },
  renderOption: (
    { key, ...optionProps }: React.HTMLAttributes<HTMLLIElement> & { key: React.Key },
    option: PickerOption,
  ) => (
    <Box component="li" key={key} {...optionProps}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{option.label}</Typography>
        {option.detail && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {option.detail}
          </Typography>
        )}
      </Box>
    </Box>
  ),
  renderInput: (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      // The field fills the picker's box; `fullWidth` and `sx` above size that box.
      fullWidth
      label={props.label}
      name={props.name}
      inputRef={props.inputRef}
      required={props.required}
      placeholder={props.allLabel}
      error={!!props.error}
      helperText={props.error ?? props.helperText}
      slotProps={{
        ...params.slotProps,
        inputLabel: { ...params.slotProps?.inputLabel, shrink: props.allLabel ? true : undefined },
      }}
    />
  ),
});

/**
 * A searchable autocomplete that asks the server for what is typed (debounced) instead of loading every
 * choice of the scope: it works the same with 5 or 5,000. One id, or several (`multiple`, as chips). A
 * chosen one keeps its label when it is not among the matches. Keyboard use and screen-reader labels are
 * MUI Autocomplete's (a labelled combobox).
 */
export const SearchPicker = (props: SearchPickerProps) =>
  props.multiple ? <MultipleSearchPicker {...props} /> : <SingleSearchPicker {...props} />;

const SingleSearchPicker = (props: SearchPickerCommonProps & SingleValueProps) => {
  const { value, onChange, useChosen } = props;
  const search = usePickerSearch(props);
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const pickedNow = picked !== null && picked.id === value ? picked : null;
  const fromMatches = value === null ? undefined : search.matches.data?.find((option) => option.id === value);
  const chosenQuery = useChosen(value ?? 0, value !== null && !pickedNow && !fromMatches);
  const chosen: PickerOption | null =
    value === null
      ? null
      : (pickedNow ??
        fromMatches ??
        chosenQuery.data ?? { id: value, label: chosenQuery.isError ? `#${value}` : '…' });
  // The chosen one is listed too (first), so the box always holds one of the options.
  const options =
    chosen && !search.found.some((option) => option.id === chosen.id)
      ? [chosen, ...search.found]
      : search.found;

  return (
    <Autocomplete<PickerOption>
      {...autocompleteProps(props, search, false)}
      options={options}
      value={chosen}
      onChange={(_, next) => {
        setPicked(next);
        onChange(next?.id ?? null);
      }}
    />
  );
};

/**
 * A multi-select's chosen ones as chips; those in `locked` (memberships the signed-in user may not remove)
 * without a delete button.
 */
const lockableChips =
  <T extends { id: number }>(locked: readonly number[], labelOf: (option: T) => ReactNode) =>
  (items: readonly T[], getItemProps: AutocompleteRenderValueGetItemProps<true>) =>
    items.map((option, index) => {
      const { key, onDelete, ...itemProps } = getItemProps({ index });
      return (
        <Chip
          key={key}
          label={labelOf(option)}
          size="small"
          {...itemProps}
          {...(locked.includes(option.id) ? {} : { onDelete })}
        />
      );
    });

/** A chip's label when the picker does not know it: read by id (only the chosen ones, never the scope). */
export const ChosenLabel = ({
  id,
  useChosen,
}: {
  id: number;
  useChosen: SearchPickerCommonProps['useChosen'];
}) => {
  const chosen = useChosen(id, true);
  return <>{chosen.data?.label ?? (chosen.isError ? `#${id}` : '…')}</>;
};

const MultipleSearchPicker = (props: SearchPickerCommonProps & MultipleValueProps) => {
  const { value, onChange, useChosen, locked = [], knownLabels } = props;
  const search = usePickerSearch(props);
  // Labels of the options picked here: a chip needs no request for them.
  const [pickedLabels, setPickedLabels] = useState<ReadonlyMap<number, string>>(new Map());
  const labelOf = (id: number) => pickedLabels.get(id) ?? knownLabels?.get(id);
  const chosen = value.map((id): PickerOption => ({ id, label: labelOf(id) ?? '' }));

  return (
    <Autocomplete<PickerOption, true>
      {...autocompleteProps(props, search, true)}
      multiple
      disableCloseOnSelect
      options={search.found}
      value={chosen}
      getOptionDisabled={(option) => locked.includes(option.id) || props.allows?.(option) === false}
      onChange={(_, next) => {
        const labels = new Map(pickedLabels);
        for (const option of next) if (option.label) labels.set(option.id, option.label);
        setPickedLabels(labels);
        // A locked one stays chosen whatever was cleared.
        const ids = [...new Set([...locked.filter((id) => value.includes(id)), ...next.map((o) => o.id)])];
        const known = new Map(
          ids.flatMap((id) => {
            const label = labels.get(id) ?? knownLabels?.get(id);
            return label === undefined ? [] : [[id, label] as const];
          }),
        );
        onChange(ids, known);
      }}
      renderValue={lockableChips(locked, (option: PickerOption) =>
        option.label ? option.label : <ChosenLabel id={option.id} useChosen={useChosen} />,
      )}
    />
  );
};
