import {
  Alert as Notice,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Collapse,
  IconButton,
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
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import HistoryIcon from '@mui/icons-material/History';
import { Fragment, useMemo, useState } from 'react';
import { isRoleId, roleNames } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import {
  auditActionNames,
  auditObjectKindNames,
  auditObjectKinds,
  type AuditEntry,
  type AuditObjectKind,
} from '@sitewalk/shared/schemas/audit';
import { taskStatusNames, type TaskStatus } from '@sitewalk/shared/schemas/task';
import { errorMessageOf } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useCurrentUser } from '../../lib/auth.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { decideActivity } from '@sitewalk/shared/policy';
import { useActivity, type ActivityFilters } from '../../api/activity.ts';
import { useLocationsOfUser } from '../../api/locations.ts';
import { useManagementCompaniesOfUser } from '../../api/management-companies.ts';
import { useUsersOfUser } from '../../api/users.ts';
import { formatDateTime, viewerZoneNote } from '../../lib/time.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { LocationPicker } from '../../components/pickers/location-picker.tsx';
import { UserPicker } from '../../components/pickers/user-picker.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FiltersButton, useFiltersFold } from '../../components/filters-fold.tsx';
import { TableHeader, type HeaderCell } from '../../components/data-table.tsx';

const SYSTEM_LOG = 0;

/** How people read the fields an entry changed. */
const fieldLabels: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  website: 'Website',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipcode: 'ZIP code',
  latitude: 'Latitude',
  longitude: 'Longitude',
  zoomLevel: 'Map zoom',
  organizationId: 'Area',
  managementCompanyId: 'Management company',
  firstName: 'First name',
  lastName: 'Last name',
  roleId: 'Role',
  companyEmail: 'Company e-mail contact',
  defaultLocationId: 'Default location',
  hasPin: 'Has a PIN',
  pinChanged: 'PIN',
  passwordChanged: 'Password',
  mfaReset: 'Two-step verification',
  mfaRequiredRoles: 'Roles that must use two-step verification',
  locationIds: 'Locations',
  organizationIds: 'Areas',
  addedLocationIds: 'Locations added',
  removedLocationIds: 'Locations removed',
  addedOrganizationIds: 'Areas added',
  removedOrganizationIds: 'Areas removed',
  userIds: 'People',
  description: 'Description',
  markerCount: 'Markers',
  markerNames: 'Marker names',
  deletedAt: 'Deleted',
  status: 'Status',
  resolvedAt: 'Resolved',
  completedAt: 'Completed',
};

/** The log spans many locations, so its times read in the viewer's zone (said above the entries). */
const when = (iso: string) => formatDateTime(iso);
const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);

interface Names {
  locations: ReadonlyMap<number, string>;
  people: ReadonlyMap<number, string>;
}

/** One value of a field as people read it: names for ids the caller can see, roles and statuses by name. */
const shown = (field: string, value: unknown, names: Names): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (field === 'roleId' && isRoleId(value)) return roleNames[value];
  if (field === 'pinChanged' || field === 'passwordChanged') return value ? 'Changed' : '—';
  if (field === 'mfaReset') return value ? 'Reset (turned off)' : '—';
  if (field === 'mfaRequiredRoles' && Array.isArray(value)) {
    return value.length
      ? value.map((role) => (isRoleId(role) ? roleNames[role] : String(role))).join(', ')
      : 'None';
  }
  if (field === 'status' && typeof value === 'string')
    return taskStatusNames[value as TaskStatus] ?? value.charAt(0).toUpperCase() + value.slice(1);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isInstant(value)) return when(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    const lookup = /location/i.test(field) ? names.locations : field === 'userIds' ? names.people : null;
    return value.map((item) => (typeof item === 'number' && lookup?.get(item)) || String(item)).join(', ');
  }
  if (typeof value === 'number' && field === 'defaultLocationId')
    return names.locations.get(value) ?? `#${value}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The fields an entry changed, before and after, side by side. */
export const ChangeDiff = ({ entry, names }: { entry: AuditEntry; names: Names }) => {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (entry.action === 'revealPin') {
    return (
      <Typography variant="body2" color="text.secondary">
        {entry.actor.name} was shown this user’s PIN. Nothing changed.
      </Typography>
    );
  }
  if (fields.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No recorded field changed.
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={`Changes of entry ${entry.seq}`} sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '30%' }}>Field</TableCell>
          <TableCell>Before</TableCell>
          <TableCell>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((field) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {fieldLabels[field] ?? field}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', color: 'text.secondary' }}>
              {entry.before === null ? '—' : shown(field, entry.before[field], names)}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {entry.after === null ? '—' : shown(field, entry.after[field], names)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const actionColor = (entry: AuditEntry) =>
  entry.action === 'delete' || entry.action === 'removeMember'
    ? 'error'
    : entry.action === 'create' || entry.action === 'addMember' || entry.action === 'resolve'
      ? 'success'
      : entry.action === 'revealPin'
        ? 'warning'
        : 'default';

const What = ({ entry }: { entry: AuditEntry }) => (
  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
    <Chip size="small" label={auditActionNames[entry.action]} color={actionColor(entry)} variant="outlined" />
    <Typography variant="body2" color="text.secondary">
      {auditObjectKindNames[entry.objectKind]}
    </Typography>
  </Stack>
);

const objectLabel = (entry: AuditEntry) => entry.objectName ?? `#${entry.objectId}`;
const actorRole = (entry: AuditEntry) =>
  entry.actor.id === 0 ? 'System' : isRoleId(entry.actor.roleId) ? roleNames[entry.actor.roleId] : '';

/** md and up: one row per entry, its changes unfolding below it. */
interface EntriesProps {
  entries: AuditEntry[];
  names: Names;
  /** The entries unfolded (kept by the page, so a change of width keeps them open). */
  open: ReadonlySet<number>;
  toggle: (seq: number) => void;
}

const ENTRY_COLUMNS: HeaderCell[] = [
  { key: 'when', header: 'When' },
  { key: 'who', header: 'Who' },
  { key: 'what', header: 'What' },
  { key: 'object', header: 'Object' },
  { key: 'changes', header: 'Changes', hidden: true, width: 56 },
];

const EntryRows = ({ entries, names, open, toggle }: EntriesProps) => {
  return (
    <TableContainer component={Card} variant="outlined">
      <Table aria-label="Activity">
        <TableHeader columns={ENTRY_COLUMNS} />
        <TableBody>
          {entries.map((entry) => {
            const expanded = open.has(entry.seq);
            return (
              <Fragment key={entry.seq}>
                <TableRow hover sx={{ '& > td': { borderBottom: expanded ? 'none' : undefined } }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(entry.at)}</TableCell>
                  <TableCell>
                    <Typography variant="body2">{entry.actor.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {actorRole(entry)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <What entry={entry} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{objectLabel(entry)}</TableCell>
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-expanded={expanded}
                      aria-label={`${expanded ? 'Hide' : 'Show'} changes of ${objectLabel(entry)}, ${when(entry.at)}`}
                      onClick={() => toggle(entry.seq)}
                    >
                      {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                    </IconButton>
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={5} sx={{ py: 0, ...(expanded ? {} : { borderBottom: 'none' }) }}>
                    <Collapse in={expanded} unmountOnExit>
                      <Box sx={{ py: 1.5, pl: { md: 2 } }}>
                        <ChangeDiff entry={entry} names={names} />
                      </Box>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** Phones: one card per entry, its changes unfolding inside it. */
const EntryCards = ({ entries, names, open, toggle }: EntriesProps) => (
  <Stack spacing={1.5} component="ul" aria-label="Activity" sx={{ listStyle: 'none', p: 0, m: 0 }}>
    {entries.map((entry) => (
      <EntryCard
        key={entry.seq}
        entry={entry}
        names={names}
        expanded={open.has(entry.seq)}
        toggle={() => toggle(entry.seq)}
      />
    ))}
  </Stack>
);

const EntryCard = ({
  entry,
  names,
  expanded,
  toggle,
}: {
  entry: AuditEntry;
  names: Names;
  expanded: boolean;
  toggle: () => void;
}) => (
  <Card component="li" variant="outlined">
    <CardContent sx={{ pb: '12px !important' }}>
      <Stack spacing={0.5}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Chip
            size="small"
            label={auditActionNames[entry.action]}
            color={actionColor(entry)}
            variant="outlined"
          />
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {when(entry.at)}
          </Typography>
        </Stack>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6, pt: 0.5 }}>
          {auditObjectKindNames[entry.objectKind]}
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mt: '0 !important' }}>
          {objectLabel(entry)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          by {entry.actor.name}
          {actorRole(entry) && ` · ${actorRole(entry)}`}
        </Typography>
        <Box>
          <Button
            size="small"
            onClick={toggle}
            aria-expanded={expanded}
            endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ ml: -0.5 }}
          >
            {expanded ? 'Hide changes' : 'Show changes'}
          </Button>
        </Box>
        <Collapse in={expanded} unmountOnExit>
          <ChangeDiff entry={entry} names={names} />
        </Collapse>
      </Stack>
    </CardContent>
  </Card>
);

/** A date field's day as an instant: the start of that day, or its end, where the browser is. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);

/**
 * /app/activity: a company's audit log, newest first — who changed what, when, and each change's fields
 * before and after — with filters and older entries a page at a time. Company Managers and above.
 */
export const ActivityPage = () => {
  const user = useCurrentUser();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const filtersFold = useFiltersFold('activity-filters');
  // Super Users and Admins read every company's log and the system log of changes that concern no company.
  const mayReadSystemLog = decideActivity(useAuthorization().actor, SYSTEM_LOG) === 'allow';
  const companies = useManagementCompaniesOfUser(user.id);
  const locations = useLocationsOfUser(user.id);
  const people = useUsersOfUser(user.id);
  const [chosenCompany, setChosenCompany] = useState<number | ''>('');
  const [objectKind, setObjectKind] = useState<AuditObjectKind | ''>('');
  const [actorId, setActorId] = useState<number | ''>('');
  const [locationId, setLocationId] = useState<number | ''>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (seq: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(seq)) next.delete(seq);
      else next.add(seq);
      return next;
    });

  const companyId =
    chosenCompany !== ''
      ? chosenCompany
      : (user.managementCompanyId ??
        companies.data?.companies[0]?.id ??
        (mayReadSystemLog ? SYSTEM_LOG : null));
  const filters: ActivityFilters | null =
    companyId === null
      ? null
      : {
          companyId,
          objectKind: objectKind || undefined,
          actorId: actorId || undefined,
          locationId: locationId || undefined,
          from: dayStart(fromDay),
          to: dayEnd(toDay),
        };
  const activity = useActivity(filters ?? { companyId: SYSTEM_LOG }, filters !== null);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];

  // The pickers search the whole scope on the server and keep the chosen company's.
  const pickerCompanyId = companyId === SYSTEM_LOG ? null : companyId;
  const names: Names = useMemo(
    () => ({
      locations: new Map((locations.data ?? []).map((l) => [l.id, l.name])),
      people: new Map((people.data ?? []).map((p) => [p.id, `${p.firstName} ${p.lastName}`])),
    }),
    [locations.data, people.data],
  );
  const activeFilters = [objectKind, actorId, locationId, fromDay, toDay].filter(
    (value) => value !== '',
  ).length;
  const filtered = activeFilters > 0;
  const showLog = mayReadSystemLog || (companies.data?.companies.length ?? 0) > 1;
  const clear = () => {
    setObjectKind('');
    setActorId('');
    setLocationId('');
    setFromDay('');
    setToDay('');
  };
  const shrink = { inputLabel: { shrink: true } };
  const select = { select: { displayEmpty: true }, ...shrink };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title="Activity"
        subtitle={
          <>
            Every change to the company, its areas, locations, people, walks, incidents and tasks: who made
            it, when, and what it changed. Entries are chained one to the next, so none can be edited or
            removed unnoticed. {viewerZoneNote()}
          </>
        }
      />
      {(showLog || filtersFold.folded || filtered) && (
        <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {showLog && (
            <TextField
              select
              size="small"
              label="Log"
              sx={{ minWidth: 220, flexGrow: { xs: 1, sm: 0 } }}
              value={companyId ?? ''}
              slotProps={select}
              onChange={(event) => setChosenCompany(Number(event.target.value))}
            >
              {(companies.data?.companies ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
              {mayReadSystemLog && <MenuItem value={SYSTEM_LOG}>System (no company)</MenuItem>}
            </TextField>
          )}
          <FiltersButton fold={filtersFold} active={activeFilters} />
          {filtered && <Button onClick={clear}>Clear filters</Button>}
        </Stack>
      )}
      <Box
        id={filtersFold.id}
        component="section"
        aria-label="Filters"
        sx={{
          display: filtersFold.open ? 'grid' : 'none',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
          alignItems: 'center',
        }}
      >
        <FilterSelect
          label="Kind"
          allLabel="All kinds"
          value={objectKind}
          onChange={setObjectKind}
          options={auditObjectKinds.map((kind) => ({ value: kind, label: auditObjectKindNames[kind] }))}
        />
        <UserPicker
          label="Who"
          size="small"
          allLabel="Everyone"
          value={actorId || null}
          onChange={(next) => setActorId(next ?? '')}
          managementCompanyId={pickerCompanyId}
        />
        <LocationPicker
          size="small"
          allLabel="All locations"
          value={locationId || null}
          onChange={(next) => setLocationId(next ?? '')}
          managementCompanyId={pickerCompanyId}
        />
        {[
          { label: 'From', day: fromDay, set: setFromDay, bound: { max: toDay || undefined } },
          { label: 'To', day: toDay, set: setToDay, bound: { min: fromDay || undefined } },
        ].map(({ label, day, set, bound }) => (
          <TextField
            key={label}
            size="small"
            type="date"
            label={label}
            value={day}
            slotProps={{ ...shrink, htmlInput: bound }}
            onChange={(event) => set(event.target.value)}
          />
        ))}
      </Box>
      {activity.isError && (
        <Notice severity="error">{errorMessageOf(activity.error) ?? messages.fetch.unexpected}</Notice>
      )}
      {activity.isPending && !activity.isError && <Spinner label="Loading activity" />}
      {activity.data && entries.length === 0 && (
        <Stack spacing={1} sx={{ alignItems: 'center', py: 6, color: 'text.secondary' }}>
          <HistoryIcon sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="p">
            {filtered ? 'No activity matches these filters' : 'No activity yet'}
          </Typography>
        </Stack>
      )}
      {entries.length > 0 &&
        (wide ? (
          <EntryRows entries={entries} names={names} open={open} toggle={toggle} />
        ) : (
          <EntryCards entries={entries} names={names} open={open} toggle={toggle} />
        ))}
      {activity.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void activity.fetchNextPage()}
          disabled={activity.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {activity.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
        </Button>
      )}
    </Stack>
  );
};
