import { Chip, IconButton, Tooltip } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { priorityName } from '@sitewalk/shared/constants';
import type { Incident } from '@sitewalk/shared/schemas/incident';
import { paths } from '../../config/paths.ts';
import { incidentOriginState } from '../../lib/incident-origin.ts';
import { formatDateTime } from '../../lib/time.ts';
import { DataTable, type DataTableColumn, type DataTableProps } from '../data-table.tsx';
import { IncidentDialog, priorityColor } from './incident-dialog.tsx';
import { incidentLocationName, incidentPreview } from './incident-preview.ts';

export interface IncidentsTableProps {
  incidents: readonly Incident[];
  /** A location's time zone, for its incidents' times (undefined: the viewer's, until it is known). */
  timeZoneOf: (locationId: number) => string | undefined;
  /** Where the incident page's back button returns: `/app/locations/{id}#incidents` or `/app/incidents`. */
  origin: string;
  /** For the list of every location: a Location column. */
  showLocation?: boolean;
  server: DataTableProps<Incident>['server'];
  loading?: boolean;
  emptyText?: string;
  label?: string;
}

/**
 * The incidents table, for one location or for all of
 * them: preview cut at 25 characters, priority, when, resolved or not. A row opens /app/incidents/{id}
 * with the origin recorded, so the incident page's back button returns here; its Details button opens the
 * incident detail modal.
 */
export const IncidentsTable = ({
  incidents,
  timeZoneOf,
  origin,
  showLocation = false,
  server,
  loading = false,
  emptyText = 'No incidents.',
  label = 'Incidents',
}: IncidentsTableProps) => {
  const navigate = useNavigate();
  const [shown, setShown] = useState<Incident | null>(null);
  const open = (incident: Incident) =>
    void navigate(paths.app.incident.build(incident.id), { state: incidentOriginState(origin) });
  const columns: DataTableColumn<Incident>[] = [
    { key: 'preview', header: 'Incident', render: (incident) => incidentPreview(incident) },
    {
      key: 'priority',
      header: 'Priority',
      card: 'badge',
      render: (incident) => (
        <Chip size="small" label={priorityName(incident.typeId)} color={priorityColor(incident.typeId)} />
      ),
    },
    ...(showLocation
      ? ([
          {
            key: 'location',
            header: 'Location',
            render: (incident: Incident) => incidentLocationName(incident),
            fromPx: 640,
          },
        ] satisfies DataTableColumn<Incident>[])
      : []),
    {
      key: 'status',
      header: 'Status',
      render: (incident) => (incident.resolved ? 'Resolved' : 'Unresolved'),
      fromPx: 768,
      card: 'badge',
    },
    { key: 'id', header: 'Id', render: (incident) => incident.id, fromPx: 1024 },
    {
      key: 'created',
      header: 'Created',
      render: (incident) => formatDateTime(incident.createdAt, { timeZone: timeZoneOf(incident.locationId) }),
      fromPx: 1024,
    },
    {
      key: 'details',
      header: 'Details',
      card: 'action',
      render: (incident) => (
        <Tooltip title="Details">
          <IconButton
            size="small"
            aria-label={`Details of incident ${incident.id}`}
            onClick={(event) => {
              event.stopPropagation();
              setShown(incident);
            }}
            onKeyDown={(event) => event.stopPropagation()}
          >
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={incidents}
        getRowId={(incident) => incident.id}
        server={server}
        loading={loading}
        emptyText={loading ? 'Loading incidents...' : emptyText}
        searchPlaceholder="Search incidents"
        onRowClick={open}
      />
      <IncidentDialog
        incident={shown}
        onClose={() => setShown(null)}
        onOpen={open}
        timeZone={shown ? timeZoneOf(shown.locationId) : undefined}
      />
    </>
  );
};
