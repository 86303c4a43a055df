import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Box, Button, Card, CardContent, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PhonelinkEraseOutlinedIcon from '@mui/icons-material/PhonelinkEraseOutlined';
import type { MapRef } from 'react-map-gl/maplibre';
import { messages } from '@sitewalk/shared/messages';
import { DownloadPdfButton } from '../../components/exports/download-pdf-button.tsx';
import { walkReportPdf } from '../../api/exports.ts';
import { paths } from '../../config/paths.ts';
import { Spinner } from '../../components/spinner.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useWalkReport } from '../../api/walk-reports.ts';
import { useLocationTimeZone } from '../../hooks/use-location-time-zone.ts';
import { formatDate, formatTime } from '../../lib/time.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { reportView, type CompletedEntry, type FlagEntry } from './walk-report-view.ts';
import { MapLegend, WalkReportMap } from './components/walk-report-map.tsx';
import { Detail, DetailList } from '../../components/details.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TwoColumns } from '../../components/two-columns.tsx';

/** One walk report (the 'Walk report detail' screen). */
export const WalkReportPage = () => {
  const locationId = useRouteId('id');
  const walkReportId = useRouteId('walkReportId');
  return (
    <Box sx={{ minWidth: 0 }}>
      {locationId !== null && (
        <Button
          component={Link}
          to={`${paths.app.location.build(locationId)}#walk-reports`}
          startIcon={<ArrowBackIcon />}
          sx={{ mb: 2, textTransform: 'none' }}
        >
          Walk Reports
        </Button>
      )}
      {/* With no data: blank. */}
      {walkReportId !== null && <WalkReportDetail walkReportId={walkReportId} />}
    </Box>
  );
};

/** One figure of the unit check: a small label above its value (a term and its definition). */
const UnitFigure = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="dt" sx={{ lineHeight: 1.3 }}>
      {label}
    </Typography>
    <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/**
 * The unit check of a completed door marker (spec: 'Matched', else 'Mismatch' with Requested and Detected, 'None' if
 * empty): Detected is what SiteWalk read on the door photo, 'Reading…' until it has; what the walker typed is
 * shown beside it. Without a photo SiteWalk reads, the walker's unit is the one judged, and said so.
 */
const UnitCheckText = ({ entry }: { entry: CompletedEntry }) => {
  const check = entry.unitCheck;
  if (!check) return null;
  const pending = check.verdict === 'pending';
  const chip = pending ? (
    <Chip size="small" variant="outlined" icon={<HourglassEmptyIcon />} label="Reading photo…" />
  ) : check.verdict === 'matched' ? (
    <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutlineIcon />} label="Matched" />
  ) : (
    <Chip size="small" color="error" variant="outlined" icon={<ErrorOutlineIcon />} label="Mismatch" />
  );
  const fromWalker = !pending && check.source === 'walker';
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2.5, rowGap: 1 }}
      data-testid="unit-check"
    >
      {chip}
      <Stack
        component="dl"
        direction="row"
        useFlexGap
        sx={{ m: 0, flexWrap: 'wrap', columnGap: 2.5, rowGap: 1 }}
      >
        <UnitFigure label="Requested">{check.requested}</UnitFigure>
        <UnitFigure label={fromWalker ? 'Detected (as typed, no photo read)' : 'Detected'}>
          {pending ? 'Reading…' : check.detected}
          {!pending && check.confidence !== null && (
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              sx={{ fontWeight: 400, ml: 0.75 }}
            >
              {check.confidence} % sure
            </Typography>
          )}
        </UnitFigure>
        {!fromWalker && entry.typedUnit !== null && (
          <UnitFigure label="Walker entered">{entry.typedUnit || 'None'}</UnitFigure>
        )}
      </Stack>
    </Stack>
  );
};

/** How far below the map's middle a point shown from the list sits. */
const POPUP_ROOM_PX = 110;

/**
 * Warnings beside an arrival: marked by hand, far from the marker, too fast, the phone's clock (dark text on
 * orange, as other warnings).
 */
const ArrivalFlags = ({ entry }: { entry: CompletedEntry }) =>
  entry.flagChips.map((text) => (
    <Chip
      key={text}
      size="small"
      color="warning"
      icon={<WarningAmberIcon />}
      label={text}
      data-testid="flag"
    />
  ));

/**
 * The report's flags (issue 18), each with its reason and the point it concerns: what a reviewer should look
 * at twice. Flagged, never refused: the walk stands as recorded.
 */
const FlagsSection = ({
  flags,
  discardedCount,
  onShow,
}: {
  flags: readonly FlagEntry[];
  /** Writes the walker discarded on the phone (issue 28): shown with the flags, as much to look at. */
  discardedCount: number;
  onShow: (markerId: number) => void;
}) => (
  <Card variant="outlined" component="section" aria-labelledby="report-flags" data-testid="report-flags">
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: flags.length ? 1 : 0 }}>
        <FlagOutlinedIcon color={flags.length ? 'warning' : 'success'} aria-hidden />
        <Typography variant="h6" component="h2" id="report-flags">
          Flags
        </Typography>
        <Chip
          size="small"
          label={
            <>
              {flags.length}
              <VisuallyHidden>{flags.length === 1 ? ' flag' : ' flags'}</VisuallyHidden>
            </>
          }
          color={flags.length ? 'warning' : 'default'}
          data-testid="flag-total"
        />
      </Stack>
      {flags.length === 0 ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <CheckCircleOutlineIcon color="success" fontSize="small" aria-hidden />
          <Typography color="text.secondary">No flags: every check passed.</Typography>
        </Stack>
      ) : (
        <List disablePadding aria-labelledby="report-flags">
          {flags.map((flag) => (
            <ListItem
              key={flag.key}
              divider
              disableGutters
              sx={{
                display: 'grid',
                // On a phone the button goes under the reason, in line with it; wider, beside it.
                gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
                columnGap: 1.5,
                alignItems: 'start',
                py: 1.25,
              }}
              data-testid="report-flag"
            >
              <WarningAmberIcon color="warning" sx={{ mt: 0.25 }} aria-hidden />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {flag.title}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' · '}
                    {flag.concerns}
                    {flag.label !== null ? ` at point ${flag.label}` : ''}
                  </Typography>
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {flag.reason}
                </Typography>
              </Box>
              {flag.markerId !== null && (
                <Button
                  size="small"
                  onClick={() => onShow(flag.markerId ?? 0)}
                  aria-label={`View ${flag.title.toLowerCase()} at point ${flag.label ?? ''} on map`}
                  sx={{
                    gridColumn: { xs: 2, sm: 3 },
                    justifySelf: 'start',
                    alignSelf: 'center',
                    ml: { xs: -0.625, sm: 0 },
                    mt: { xs: 0.5, sm: 0 },
                  }}
                >
                  View on map
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {discardedCount > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start', mt: 1.5 }}
          data-testid="discarded-count"
        >
          <PhonelinkEraseOutlinedIcon color="warning" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>{messages.status.discardedOnPhone(discardedCount)}</Typography>
        </Stack>
      )}
    </CardContent>
  </Card>
);

const WalkReportDetail = ({ walkReportId }: { walkReportId: number }) => {
  const report = useWalkReport(walkReportId);
  // The report's times read in its location's zone, as on its PDF.
  const timeZone = useLocationTimeZone(report.data?.walk?.locationId);
  const mapRef = useRef<MapRef>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<number | null>(null);

  if (report.isPending)
    return (
      <Box role="status">
        <Typography color="text.secondary">{messages.fetch.walkReportLoading}</Typography>
        <Spinner label={messages.fetch.walkReportLoading} />
      </Box>
    );
  if (report.isError) {
    if (report.error instanceof ApiError && report.error.status === 404) return null;
    return <ErrorPanel error={report.error} onReset={() => void report.refetch()} />;
  }

  const data = report.data;
  const view = reportView(data);
  const showOnMap = (markerId: number) => {
    const point = view.points.find((p) => p.markerId === markerId);
    if (!point) return;
    setSelected(markerId);
    mapBox.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
    mapRef.current?.flyTo({
      center: [point.lng, point.lat],
      zoom: Math.max(mapRef.current.getZoom(), 18),
      // The point low in the map, so its popup (above the pin) has room on a phone's short map.
      offset: [0, POPUP_ROOM_PX],
    });
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        title={view.walkName}
        actions={<DownloadPdfButton make={() => walkReportPdf(data.id)} what={`walk report ${data.id}`} />}
      />
      <Card variant="outlined">
        <CardContent>
          <DetailList columns={{ xs: 2, md: 3, lg: 6 }} data-testid="walk-report-details">
            <Detail label="Walked By">{view.walkedBy}</Detail>
            <Detail label="Walk">{view.walkName}</Detail>
            <Detail label="Date">{formatDate(data.startedAt, { timeZone })}</Detail>
            <Detail label="Started">{formatTime(data.startedAt, { timeZone })}</Detail>
            <Detail label="Finished">{formatTime(data.finishedAt, { timeZone, fallback: '—' })}</Detail>
            <Detail label="Total Time">{view.totalTime}</Detail>
          </DetailList>
        </CardContent>
      </Card>

      <FlagsSection flags={view.flags} discardedCount={data.discardedCount} onShow={showOnMap} />

      <TwoColumns columns="minmax(0, 2fr) minmax(0, 3fr)">
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" id="completed-markers" sx={{ mb: 1 }}>
              Completed Markers
            </Typography>
            {view.completed.length === 0 ? (
              <Typography color="text.secondary">None</Typography>
            ) : (
              <List aria-labelledby="completed-markers" disablePadding>
                {view.completed.map((entry) => (
                  <ListItem
                    key={entry.id}
                    divider
                    disableGutters
                    sx={{ display: 'block', py: 1.25 }}
                    data-testid="completed-marker"
                  >
                    <Stack
                      direction="row"
                      useFlexGap
                      sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}
                    >
                      <Box>
                        <Typography sx={{ fontWeight: 600 }}>
                          Point {entry.label ?? '?'}
                          {entry.isDoor ? ' (Door)' : ''}
                        </Typography>
                        <Stack
                          direction="row"
                          useFlexGap
                          sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
                        >
                          <Typography variant="body2" color="text.secondary">
                            Arrived {formatTime(entry.arrivedAt, { timeZone })}
                          </Typography>
                          <ArrivalFlags entry={entry} />
                        </Stack>
                      </Box>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => showOnMap(entry.markerId)}
                        aria-label={`View point ${entry.label ?? ''} on map`}
                      >
                        View on map
                      </Button>
                    </Stack>
                    {(entry.pictureTaken || entry.unitCheck) && (
                      <Stack
                        direction="row"
                        useFlexGap
                        sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
                      >
                        {entry.pictureTaken && <Chip size="small" color="primary" label="Picture: Taken" />}
                        <UnitCheckText entry={entry} />
                      </Stack>
                    )}
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>
        <Stack spacing={1} ref={mapBox}>
          <WalkReportMap
            points={view.points}
            selected={selected}
            onSelect={setSelected}
            mapRef={mapRef}
            timeZone={timeZone}
          />
          <MapLegend />
        </Stack>
      </TwoColumns>
    </Stack>
  );
};
