import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useReducer, useRef, useState } from 'react';
import { Link as RouterLink, useLocation as useRouterLocation } from 'react-router';
import { ERROR_RESET_MS, WALK_SAVED_RELOAD_MS } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import type { Location } from '@sitewalk/shared/schemas/location';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorPanel, errorMessageOf } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useTimedStatus } from '../../hooks/use-timed-status.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useLocation } from '../../api/locations.ts';
import {
  useCreateWalk,
  useDeleteWalk,
  useInvalidateWalks,
  useUpdateWalk,
  useWalksOfLocation,
} from '../../api/walks.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { IntroDialog } from './components/intro-dialog.tsx';
import { UnitRangeDialog } from './components/unit-range-dialog.tsx';
import { initialWalkEditorState, markersForSave, walkEditorReducer } from './components/walk-editor-state.ts';
import { WalkNameDialog, type WalkNameValues } from './components/walk-name-dialog.tsx';
import { WalkSetupPanel } from './components/walk-setup-panel.tsx';
import { TwoColumns } from '../../components/two-columns.tsx';

/** The map and its markers load with the map's code, after the page (component tests stub this module). */
const WalkMap = lazy(async () => ({ default: (await import('./components/walk-map.tsx')).WalkMap }));

/** Setup Walks zooms to the location's zoomLevel, or 18. */
export const WALK_SETUP_DEFAULT_ZOOM = 18;

/** The location passed in navigation state (the location page hands it over), when it is this one. */
const locationFromState = (state: unknown, id: number | null): Location | undefined => {
  const candidate = (state as { location?: Location } | null)?.location;
  return candidate && typeof candidate === 'object' && candidate.id === id ? candidate : undefined;
};

/** /app/locations/{id}/create-walks: the map on the left, 'Walk Setup' on the right. */
export const WalkSetupPage = () => {
  const routerLocation = useRouterLocation();
  const id = useRouteId();
  const passed = locationFromState(routerLocation.state, id);
  if (id === null) return <ErrorPanel error="Location not found" />;
  return <WalkSetupLoader id={id} passed={passed} />;
};

const WalkSetupLoader = ({ id, passed }: { id: number; passed: Location | undefined }) => {
  const location = useLocation(id, passed);
  if (location.isPending) return <Spinner label="Loading location" />;
  if (location.isError) return <ErrorPanel error={location.error} />;
  return <WalkSetup location={location.data} />;
};

type RangeTarget = null | { mode: 'add' } | { mode: 'edit'; key: string };

const WalkSetup = ({ location }: { location: Location }) => {
  const invalidateWalks = useInvalidateWalks();
  const { can } = useAuthorization();
  const placement = {
    kind: 'walk' as const,
    id: 0,
    locationId: location.id,
    organizationId: location.organizationId,
    managementCompanyId: location.managementCompanyId,
  };
  const canEdit = can('create', placement) && can('update', placement);
  const walks = useWalksOfLocation(location.id);
  const [state, dispatch] = useReducer(walkEditorReducer, initialWalkEditorState);
  const [intro, setIntro] = useState(canEdit);
  const [naming, setNaming] = useState(false);
  const [rangeTarget, setRangeTarget] = useState<RangeTarget>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateWalk();
  const update = useUpdateWalk();
  const remove = useDeleteWalk();

  // What the save answered, for the reload 2 s after 'Saved!'.
  const savedWalk = useRef<{ walk: Walk; wasNew: boolean } | null>(null);
  const onSaved = useCallback(() => {
    void invalidateWalks();
    const saved = savedWalk.current;
    savedWalk.current = null;
    // A new walk resets the editor once saved; an edited walk stays open as saved.
    if (saved?.wasNew === false) dispatch({ type: 'saved', walk: saved.walk });
    else dispatch({ type: 'newWalk' });
  }, [invalidateWalks]);
  const save = useTimedStatus({
    doneMs: WALK_SAVED_RELOAD_MS,
    errorMs: ERROR_RESET_MS,
    onDone: onSaved,
    onError: (error) => setFailure(errorMessageOf(error) ?? messages.status.error),
  });

  const submitName = (values: WalkNameValues) => {
    setNaming(false);
    setFailure(null);
    const markers = markersForSave(state.markers);
    const walkId = state.walkId;
    void save.run(async () => {
      const walk =
        walkId === null
          ? await create.mutateAsync({ ...values, locationId: location.id, markers })
          : await update.mutateAsync({ id: walkId, ...values, locationId: location.id, markers });
      savedWalk.current = { walk, wasNew: walkId === null };
      return walk;
    });
  };

  const selectWalk = (walkId: number | null) => {
    setFailure(null);
    const walk = walks.data?.find((candidate) => candidate.id === walkId);
    dispatch(walk ? { type: 'load', walk } : { type: 'newWalk' });
  };

  const confirmDelete = async () => {
    if (state.walkId === null) return;
    setFailure(null);
    try {
      await remove.mutateAsync(state.walkId);
      dispatch({ type: 'newWalk' });
    } catch (error) {
      setFailure(errorMessageOf(error) ?? messages.status.error);
    } finally {
      setConfirmingDelete(false);
    }
  };

  const editedMarker =
    rangeTarget?.mode === 'edit' ? state.markers.find((marker) => marker.key === rangeTarget.key) : undefined;
  const zoom = location.zoomLevel ?? WALK_SETUP_DEFAULT_ZOOM;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          component={RouterLink}
          to={`${paths.app.location.build(location.id)}#setup-walks`}
          startIcon={<ArrowBackIcon />}
          size="small"
        >
          {location.name}
        </Button>
      </Box>
      <TwoColumns columns="minmax(0, 1fr) minmax(320px, 380px)">
        <Paper variant="outlined" sx={{ overflow: 'hidden', minWidth: 0 }}>
          <Suspense fallback={<Spinner label="Loading map" />}>
            <WalkMap
              center={{ latitude: location.latitude, longitude: location.longitude, zoom }}
              markers={state.markers}
              draggable={canEdit}
              onAdd={(lat, lng) => canEdit && dispatch({ type: 'add', lat, lng })}
              onMove={(key, lat, lng) => dispatch({ type: 'move', key, lat, lng })}
            />
          </Suspense>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
          {walks.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              The walks could not be loaded. {errorMessageOf(walks.error)}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <WalkSetupPanel
            state={state}
            walks={walks.data}
            saveStatus={save.status}
            canEdit={canEdit}
            onNewWalk={() => {
              setFailure(null);
              dispatch({ type: 'newWalk' });
            }}
            onUndo={() => dispatch({ type: 'undo' })}
            onRedo={() => dispatch({ type: 'redo' })}
            onSelectWalk={selectWalk}
            onReorder={(from, to) => dispatch({ type: 'reorder', from, to })}
            onRemove={(key) => dispatch({ type: 'remove', key })}
            onEditRange={(key) => setRangeTarget({ mode: 'edit', key })}
            onToggleDoor={(key) => dispatch({ type: 'toggleDoor', key })}
            onAddRange={() => setRangeTarget({ mode: 'add' })}
            onSave={() => setNaming(true)}
            onDelete={() => setConfirmingDelete(true)}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            {location.address}, {location.city}, {location.state} {location.zipcode}
          </Typography>
        </Paper>
      </TwoColumns>
      <IntroDialog open={intro} onClose={() => setIntro(false)} />
      <WalkNameDialog
        open={naming}
        initial={{ name: state.name, description: state.description }}
        onCancel={() => setNaming(false)}
        onSubmit={submitName}
      />
      <UnitRangeDialog
        open={rangeTarget !== null}
        point={editedMarker}
        onCancel={() => setRangeTarget(null)}
        onSubmit={(text) => {
          if (rangeTarget?.mode === 'edit') dispatch({ type: 'setRange', key: rangeTarget.key, text });
          else dispatch({ type: 'addRange', text });
          setRangeTarget(null);
        }}
      />
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete Walk?"
        message={messages.confirm.deleteWalk(state.name)}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
};
