import { Box, Checkbox, FormControlLabel, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { INCIDENT_PRIORITIES } from '@sitewalk/shared/constants';
import type { FiltersFold } from '../../../components/filters-fold.tsx';
import { LocationPicker } from '../../../components/pickers/location-picker.tsx';

/** The filters as the page keeps them in the address (text, so a back navigation restores them). */
export interface FilterValues {
  search: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  /** '1' | '2' | '3' or ''. */
  type: string;
  /** A location id or ''. */
  location: string;
  unresolved: boolean;
}

export interface DashboardFiltersProps {
  values: FilterValues;
  onChange: (patch: Partial<FilterValues>) => void;
  rangeError: string | null;
  /** On a phone, folded behind the page's Filters button (open while the date range is refused). */
  fold: FiltersFold;
  /**
   * Whether the fields are drawn yet: the page draws them after its first screen (six fields took a tenth of
   * a second at 4× CPU slowdown, its location picker more), keeping their places meanwhile.
   */
  fieldsShown?: boolean;
}

/** How many of the filters are set (the Filters button says so). */
export const activeFilterCount = (values: FilterValues) =>
  [values.search, values.from, values.to, values.type, values.location].filter((value) => value !== '')
    .length + (values.unresolved ? 1 : 0);

const field: Partial<TextFieldProps> = { size: 'small', fullWidth: true };

/** Search, date range, incident type, location and unresolved-only. */
/** A small field's height, and the checkbox's (its label's) a little more: the places kept for them. */
const FIELD_HEIGHTS = [40, 40, 40, 40, 40, 42];

export const DashboardFilters = ({
  values,
  onChange,
  rangeError,
  fold,
  fieldsShown = true,
}: DashboardFiltersProps) => (
  <Box
    id={fold.id}
    component="section"
    aria-label="Filters"
    sx={{
      display: fold.open || rangeError !== null ? 'grid' : 'none',
      gap: 2,
      mb: 3,
      alignItems: 'center',
      gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 170px), 1fr))',
    }}
  >
    {fieldsShown ? (
      <Fields values={values} onChange={onChange} rangeError={rangeError} />
    ) : (
      FIELD_HEIGHTS.map((height, index) => <Box key={index} sx={{ height }} />)
    )}
  </Box>
);

const Fields = ({ values, onChange, rangeError }: Omit<DashboardFiltersProps, 'fold' | 'fieldsShown'>) => (
  <>
    <TextField
      {...field}
      type="search"
      label="Search"
      value={values.search}
      onChange={(e) => onChange({ search: e.target.value })}
    />
    <TextField
      {...field}
      type="date"
      label="From"
      value={values.from}
      onChange={(e) => onChange({ from: e.target.value })}
      error={rangeError !== null}
      helperText={rangeError ?? undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: values.to || undefined } }}
    />
    <TextField
      {...field}
      type="date"
      label="To"
      value={values.to}
      onChange={(e) => onChange({ to: e.target.value })}
      error={rangeError !== null}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: values.from || undefined } }}
    />
    <TextField
      {...field}
      select
      label="Incident type"
      value={values.type}
      onChange={(e) => onChange({ type: e.target.value })}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">All types</MenuItem>
      {Object.entries(INCIDENT_PRIORITIES).map(([id, name]) => (
        <MenuItem key={id} value={id}>
          {name}
        </MenuItem>
      ))}
    </TextField>
    <LocationPicker
      size="small"
      allLabel="All locations"
      value={values.location ? Number(values.location) : null}
      onChange={(id) => onChange({ location: id === null ? '' : String(id) })}
    />
    <FormControlLabel
      control={
        <Checkbox checked={values.unresolved} onChange={(e) => onChange({ unresolved: e.target.checked })} />
      }
      label="Unresolved only"
    />
  </>
);
