import { useLocation } from 'react-router';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { messages } from '@sitewalk/shared/messages';
import type { User } from '@sitewalk/shared/schemas/user';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAuthorization, userPlacement } from '../../lib/authorization.ts';
import { companiesOfAnswer, managementCompaniesOfUserQueryOptions } from '../../api/management-companies.ts';
import { locationsOfUserQueryOptions } from '../../api/locations.ts';
import { organizationsOfUserQueryOptions } from '../../api/organizations.ts';
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

const LoadPlaces = ({ user }: { user: User }) => {
  const { actor, can } = useAuthorization();
  const pictureFailed = pictureFailedOf(useLocation().state);
  const picture = useProfilePictureUrl(user);
  const [companies, organizations, locations] = useQueries({
    queries: [
      { ...managementCompaniesOfUserQueryOptions(actor.userId), select: companiesOfAnswer },
      organizationsOfUserQueryOptions(actor.userId),
      locationsOfUserQueryOptions(actor.userId),
    ],
  });
  const failed = [companies, organizations, locations].find((q) => q.isError);
  if (failed) return <ErrorPanel error={failed.error} onReset={() => void failed.refetch()} />;
  if (!companies.data || !organizations.data || !locations.data) return <Spinner label="Loading form" />;

  const placement = userPlacement(user, locations.data);
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
            companies={companies.data.map(({ id, name }) => ({ id, name }))}
            organizations={organizations.data.map(({ id, name, managementCompanyId }) => ({
              id,
              name,
              managementCompanyId,
            }))}
            locations={locations.data.map(({ id, name, managementCompanyId, organizationId }) => ({
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
