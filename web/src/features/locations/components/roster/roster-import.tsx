import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FILE_NAME_MAX_LENGTH, ROSTER_UNITS_MAX } from '@sitewalk/shared/constants';
import { UNIT_STATUS_LABELS } from '@sitewalk/shared/lock-check';
import {
  guessRosterMapping,
  readRoster,
  rosterChanges,
  ROSTER_FIELD_LABELS,
  ROSTER_FIELDS,
  type RosterChanges,
  type RosterField,
  type RosterMapping,
} from '@sitewalk/shared/roster';
import { rosterMapping as rosterMappingSchema, type RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import type { Location } from '@sitewalk/shared/schemas/location';
import { errorMessageOf } from '../../../../components/error-panel.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import {
  useImportRoster,
  useRoster,
  useRosterMapping,
  useSetRosterMapping,
} from '../../../../api/rosters.ts';
import type { ParseRosterCsv } from './parse-roster-csv.ts';
import type { RosterCsv } from './roster-csv.ts';

/** Past this a file is not a rent roll of at most 10,000 units (about 200 bytes a row with every column). */
export const ROSTER_FILE_MAX_BYTES = 5_000_000;
/** The bad rows and changes listed by name; the rest are counted. */
const LISTED_MAX = 50;
/** The good rows shown as a sample of what will be saved. */
const SAMPLE_ROWS = 5;

const OPTIONAL: ReadonlySet<RosterField> = new Set(['delinquent', 'overlocked', 'size']);
const NO_MAPPING: RosterMapping = { unit: '', status: '', delinquent: null, overlocked: null, size: null };

/**
 * The mapping the step starts from: the company's remembered one when every column it names is in this file,
 * else a guess from the headers, else nothing chosen.
 */
export const firstMapping = (columns: readonly string[], remembered: RosterMapping | null): RosterMapping => {
  const inFile = (column: string | null) => column === null || columns.includes(column);
  if (remembered && ROSTER_FIELDS.every((field) => inFile(remembered[field]))) return remembered;
  return guessRosterMapping(columns) ?? NO_MAPPING;
};

const sameMapping = (a: RosterMapping | null, b: RosterMapping) =>
  a !== null && ROSTER_FIELDS.every((field) => a[field] === b[field]);

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** Some names, then how many more. */
const someOf = (names: readonly string[]) =>
  names.length > LISTED_MAX
    ? `${names.slice(0, LISTED_MAX).join(', ')} and ${(names.length - LISTED_MAX).toLocaleString('en')} more`
    : names.join(', ');

export interface RosterImported {
  version: number;
  changes: RosterChanges;
  /** The column choice could not be remembered (the roster itself was saved). */
  mappingNotSaved?: string;
}

type Chosen = { fileName: string; csv: RosterCsv };

/**
 * Importing a roster: a CSV file chosen and read in a worker, then the column mapping with the preview under it
 * (what each row reads as, each refused row and why, what the save would change), then Save.
 */
export const RosterImport = ({
  location,
  current,
  parseCsv,
  onCancel,
  onSaved,
}: {
  location: Location;
  /** The roster the screen loaded (null: none): the import is based on it. */
  current: RosterVersion | null;
  parseCsv: ParseRosterCsv;
  onCancel: () => void;
  onSaved: (imported: RosterImported) => void;
}) => {
  const remembered = useRosterMapping(location.managementCompanyId);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [reading, setReading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    setChosen(null);
    if (file.size > ROSTER_FILE_MAX_BYTES) {
      setFailure(
        `${file.name} is larger than ${ROSTER_FILE_MAX_BYTES / 1_000_000} MB: a roster has at most ${ROSTER_UNITS_MAX.toLocaleString('en')} units`,
      );
      return;
    }
    setReading(true);
    try {
      const csv = await parseCsv(file);
      if (csv.columns.length === 0) setFailure(`${file.name} has no header row`);
      else if (csv.rows.length === 0) setFailure(`${file.name} has no rows under its header`);
      else setChosen({ fileName: file.name, csv });
    } catch (error) {
      setFailure(errorMessageOf(error) ?? 'The file could not be read');
    } finally {
      setReading(false);
    }
  };

  // The remembered mapping is waited for (a failure to read it only loses the remembering).
  const mappingReady = !remembered.isPending;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="h6" component="h2">
              Import units
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Choose the rent roll exported from your management software as CSV, with a header row. It
              becomes the location&apos;s roster as a new version; the current one is kept.
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button component="label" variant="contained" startIcon={<UploadFileIcon />} disabled={reading}>
                {chosen ? 'Choose another file' : 'Choose CSV file'}
                <input
                  type="file"
                  accept=".csv,text/csv"
                  aria-label="CSV file"
                  hidden
                  onChange={(event) => void choose(event)}
                />
              </Button>
              <Button onClick={onCancel}>Cancel</Button>
            </Stack>
            {chosen && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {chosen.fileName}: {plural(chosen.csv.rows.length, 'row')}
              </Typography>
            )}
            {failure && (
              <Alert severity="error" sx={{ width: '100%' }}>
                {failure}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      {(reading || (chosen && !mappingReady)) && <Spinner label="Reading the file" />}
      {chosen && mappingReady && (
        <MappingAndPreview
          // A new file starts the mapping anew.
          key={`${chosen.fileName}:${chosen.csv.rows.length}:${chosen.csv.columns.join(',')}`}
          location={location}
          current={current}
          chosen={chosen}
          remembered={remembered.data?.mapping ?? null}
          onSaved={onSaved}
        />
      )}
    </Stack>
  );
};

const MappingAndPreview = ({
  location,
  current,
  chosen,
  remembered,
  onSaved,
}: {
  location: Location;
  current: RosterVersion | null;
  chosen: Chosen;
  remembered: RosterMapping | null;
  onSaved: (imported: RosterImported) => void;
}) => {
  const { csv, fileName } = chosen;
  const form = useForm<RosterMapping>({
    resolver: zodResolver(rosterMappingSchema),
    defaultValues: firstMapping(csv.columns, remembered),
  });
  const [unit, status, delinquent, overlocked, size] = useWatch({
    control: form.control,
    name: ['unit', 'status', 'delinquent', 'overlocked', 'size'],
  });
  // Read again as the columns change: 5,000 rows take a few milliseconds.
  const read = useMemo(
    () => (unit && status ? readRoster(csv.rows, { unit, status, delinquent, overlocked, size }) : null),
    [csv.rows, unit, status, delinquent, overlocked, size],
  );

  // The version the import is based on: the one loaded, until a 409 reloads it.
  const roster = useRoster(location.id);
  const [base, setBase] = useState(current);
  const [conflict, setConflict] = useState(false);
  const importRoster = useImportRoster(location.id);
  const setMapping = useSetRosterMapping(location.managementCompanyId);
  const changes = useMemo(() => (read ? rosterChanges(base?.units ?? [], read.units) : null), [read, base]);
  const tooMany = (read?.units.length ?? 0) > ROSTER_UNITS_MAX;

  const save = form.handleSubmit(async (chosenMapping) => {
    if (!read || read.units.length === 0 || tooMany) return;
    setConflict(false);
    try {
      const answer = await importRoster.mutateAsync({
        basedOnVersion: base?.version ?? null,
        units: read.units,
        fileName: fileName.slice(0, FILE_NAME_MAX_LENGTH),
      });
      let mappingNotSaved: string | undefined;
      if (!sameMapping(remembered, chosenMapping)) {
        await setMapping.mutateAsync(chosenMapping).catch((error: unknown) => {
          mappingNotSaved = errorMessageOf(error) ?? 'The column choice could not be saved';
        });
      }
      onSaved({ ...answer, ...(mappingNotSaved ? { mappingNotSaved } : {}) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        const reloaded = await roster.refetch();
        if (reloaded.data !== undefined) setBase(reloaded.data);
      }
    }
  });

  const saveFailure =
    importRoster.isError && !conflict
      ? (errorMessageOf(importRoster.error) ?? 'The roster was not saved')
      : null;

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => void save(event)}
      sx={{ minWidth: 0 }}
    >
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              Columns
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Which column of the file holds each field. The choice is remembered for your company&apos;s next
              import.
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  sm: 'repeat(2, minmax(0, 1fr))',
                  md: 'repeat(3, minmax(0, 1fr))',
                },
                gap: 2,
                pt: 1,
              }}
            >
              {ROSTER_FIELDS.map((field) => (
                <Controller
                  key={field}
                  control={form.control}
                  name={field}
                  render={({ field: select, fieldState }) => (
                    <TextField
                      select
                      size="small"
                      label={ROSTER_FIELD_LABELS[field]}
                      required={!OPTIONAL.has(field)}
                      value={select.value ?? ''}
                      onChange={(event) =>
                        select.onChange(
                          event.target.value === '' && OPTIONAL.has(field) ? null : event.target.value,
                        )
                      }
                      onBlur={select.onBlur}
                      error={!!fieldState.error}
                      helperText={
                        fieldState.error
                          ? `Choose the column of the ${ROSTER_FIELD_LABELS[field].toLowerCase()}`
                          : undefined
                      }
                      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                    >
                      <MenuItem value="">
                        <em>{OPTIONAL.has(field) ? 'Not in the file' : 'Choose a column'}</em>
                      </MenuItem>
                      {csv.columns.map((column) => (
                        <MenuItem key={column} value={column}>
                          {column}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              ))}
            </Box>
          </Stack>
        </CardContent>
      </Card>
      {read === null ? (
        <Alert severity="info">Choose the columns of the unit number and the status to see the units.</Alert>
      ) : (
        <Preview read={read} csv={csv} base={base} changes={changes} tooMany={tooMany} />
      )}
      {conflict && (
        <Alert severity="warning" role="alert">
          <AlertTitle>Another import landed first</AlertTitle>
          Someone saved another roster of this location while you were importing. It has been reloaded
          {base ? ` (version ${base.version}, ${plural(base.units.length, 'unit')})` : ''}: check the changes
          above and save again.
        </Alert>
      )}
      {saveFailure && (
        <Alert severity="error" role="alert">
          {saveFailure}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!read || read.units.length === 0 || tooMany || importRoster.isPending}
        >
          {read && read.units.length > 0 ? `Save ${plural(read.units.length, 'unit')}` : 'Save roster'}
        </Button>
        {importRoster.isPending && (
          <Typography variant="body2" color="text.secondary" role="status">
            Saving…
          </Typography>
        )}
      </Stack>
    </Stack>
  );
};

const Preview = ({
  read,
  csv,
  base,
  changes,
  tooMany,
}: {
  read: ReturnType<typeof readRoster>;
  csv: RosterCsv;
  base: RosterVersion | null;
  changes: RosterChanges | null;
  tooMany: boolean;
}) => {
  const refused = [
    ...csv.problems.map(({ line, problem }) => ({ line, why: problem })),
    ...read.errors.map(({ line, error }) => ({ line, why: error })),
  ].sort((a, b) => a.line - b.line);
  return (
    <Card variant="outlined" component="section" aria-labelledby="roster-preview-title">
      <CardContent>
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" id="roster-preview-title">
            Preview
          </Typography>
          <Typography role="status" aria-label="Rows read">
            {plural(read.units.length, 'unit')} read
            {read.errors.length > 0 ? `, ${plural(read.errors.length, 'row')} refused` : ', no row refused'}
          </Typography>
          {tooMany && (
            <Alert severity="error">
              A roster has at most {ROSTER_UNITS_MAX.toLocaleString('en')} units: this file has{' '}
              {read.units.length.toLocaleString('en')}.
            </Alert>
          )}
          {refused.length > 0 && (
            <Box>
              <Typography variant="subtitle2" component="h3">
                Refused rows (left out of the roster)
              </Typography>
              <List dense aria-label="Refused rows" sx={{ py: 0 }}>
                {refused.slice(0, LISTED_MAX).map(({ line, why }, index) => (
                  <ListItem key={`${line}-${index}`} disableGutters sx={{ overflowWrap: 'anywhere' }}>
                    Line {line}: {why}
                  </ListItem>
                ))}
              </List>
              {refused.length > LISTED_MAX && (
                <Typography variant="body2" color="text.secondary">
                  and {plural(refused.length - LISTED_MAX, 'more row')}
                </Typography>
              )}
            </Box>
          )}
          {read.units.length > 0 && (
            <TableContainer>
              <Table size="small" aria-label="First units read">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>Unit</TableCell>
                    <TableCell sx={{ fontWeight: 700 }}>Status</TableCell>
                    <TableCell sx={{ fontWeight: 700 }}>Flags</TableCell>
                    <TableCell sx={{ fontWeight: 700, display: { xs: 'none', sm: 'table-cell' } }}>
                      Size
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {read.units.slice(0, SAMPLE_ROWS).map((unit) => (
                    <TableRow key={unit.number}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{unit.number}</TableCell>
                      <TableCell>{UNIT_STATUS_LABELS[unit.status]}</TableCell>
                      <TableCell>
                        {[unit.delinquent && 'Delinquent', unit.overlocked && 'Overlocked']
                          .filter(Boolean)
                          .join(', ') || '–'}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {unit.size ?? '–'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {changes && base && <ChangesList changes={changes} against={`version ${base.version}`} />}
        </Stack>
      </CardContent>
    </Card>
  );
};

/** What a roster changes against the one before: counts, the units named, a warning when units disappear. */
export const ChangesList = ({ changes, against }: { changes: RosterChanges; against: string }) => (
  <Stack spacing={1} sx={{ minWidth: 0 }}>
    <Typography>
      Against {against}: {changes.countBefore.toLocaleString('en')} → {plural(changes.countAfter, 'unit')};{' '}
      {plural(changes.added.length, 'unit')} added, {changes.removed.length.toLocaleString('en')} removed,{' '}
      {plural(changes.statusChanged.length, 'status change')}.
    </Typography>
    {changes.removed.length > 0 && (
      <Alert severity="warning">
        <AlertTitle>
          {changes.removed.length === 1
            ? '1 unit disappears'
            : `${plural(changes.removed.length, 'unit')} disappear`}
        </AlertTitle>
        <Box sx={{ overflowWrap: 'anywhere' }}>Not in this roster: {someOf(changes.removed)}.</Box>
      </Alert>
    )}
    {changes.added.length > 0 && (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Added: {someOf(changes.added)}
      </Typography>
    )}
    {changes.statusChanged.length > 0 && (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Status changes:{' '}
        {someOf(
          changes.statusChanged.map(
            ({ number, from, to }) => `${number} ${UNIT_STATUS_LABELS[from]} → ${UNIT_STATUS_LABELS[to]}`,
          ),
        )}
      </Typography>
    )}
  </Stack>
);
