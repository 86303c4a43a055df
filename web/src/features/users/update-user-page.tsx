import { useLocation } from 'react-router';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { messages } from '@sitewalk/shared/messages';
import type { User } from '@sitewalk/shared/schemas/user';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAuthorization, userPlacement } from '../../lib/authorization.ts';
import { useFirstCompanies } from '../../components/pickers/company-picker.tsx';
import { locationQueryOptions } from '../../api/locations.ts';
import { ApiError } from '../../lib/api-error.ts';
import { organizationQueryOptions } from '../../api/organizations.ts';
import { useProfilePictureUrl } from '../../api/pictures.ts';
import { useUser } from '../../api/users.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { UpdateUserForm } from './components/update-user-form.tsx';
import { TwoStepResetCard } from './components/two-step-card.tsx';

/** Edit a user (the 'Edit user' screen). */
export const UpdateUserPage = () => {
  const id = useRouteId();
  if (id === null)
    return <ErrorPanel error={messages.validation.invalidUserId} onReset={() => history.back()} />;
  return <LoadUser id={id} />;
};

const LoadUser = ({ id }: { id: number }) => {
  const query = useUser(id);
  if (query.isPending) return <Spinner label="Loading user" />;
  if (query.isError) return <ErrorPanel error={query.error} onReset={() => void query.refetch()} />;
  return <LoadPlaces user={query.data} />;
};

/** Arriving from Add User when the new user's picture could not be uploaded: why. */
const pictureFailedOf = (state: unknown): string | null =>
  state && typeof state === 'object' && 'pictureFailed' in state && typeof state.pictureFailed === 'string'
    ? state.pictureFailed
    : null;

/** A place the signed-in user may not see (404/403): a membership they cannot change, not a failure. */
const isUnseen = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

const LoadPlaces = ({ user }: { user: User }) => {
  const { can } = useAuthorization();
  const pictureFailed = pictureFailedOf(useLocation().state);
  const picture = useProfilePictureUrl(user);
  // The Management Company picker's first matches (it searches the server): is there another to choose?
  const companies = useFirstCompanies();
  // The user's own areas and locations, by id (never every one of the scope): where each is, for the policy.
  const userOrganizations = useQueries({
    queries: user.userToOrganization.map(({ organizationId }) => organizationQueryOptions(organizationId)),
  });
  const userLocations = useQueries({
    queries: user.userToLocation.map(({ locationId }) => locationQueryOptions(locationId)),
  });
  const memberships = [...userOrganizations, ...userLocations];
  const failed = [companies, ...memberships.filter(({ error }) => !isUnseen(error))].find((q) => q.isError);
  if (failed) return <ErrorPanel error={failed.error} onReset={() => void failed.refetch()} />;
  if (!companies.data || memberships.some((q) => q.isPending)) {
    return <Spinner label="Loading form" />;
  }
  const organizations = userOrganizations.flatMap(({ data }) => (data ? [data] : []));
  const locations = userLocations.flatMap(({ data }) => (data ? [data] : []));

  const placement = userPlacement(user, locations);
  // The API would refuse every change: say so as it would.
  if (!can('update', placement) && !can('changePassword', placement)) {
    return <ErrorPanel error={messages.permission.forbidden} onReset={() => history.back()} />;
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 880, minWidth: 0 }}>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        Update {user.firstName} {user.lastName}
      </Typography>
      {pictureFailed !== null && (
        <Alert severity="warning">
          The user was added, but their profile picture could not be uploaded ({pictureFailed}). Choose it
          again below.
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <UpdateUserForm
            user={user}
            companies={companies.data}
            organizations={organizations.map(({ id, name, managementCompanyId }) => ({
              id,
              name,
              managementCompanyId,
            }))}
            locations={locations.map(({ id, name, managementCompanyId, organizationId }) => ({
              id,
              name,
              managementCompanyId,
              organizationId,
            }))}
            pictureUrl={picture ?? null}
          />
        </CardContent>
      </Card>
      {can('resetMfa', placement) && (
        <TwoStepResetCard userId={user.id} name={`${user.firstName} ${user.lastName}`} />
      )}
    </Stack>
  );
};
