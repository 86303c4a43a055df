import { AlertPreferencesCard } from './components/alert-preferences-card.tsx';
import { Link as RouterLink, useLocation } from 'react-router';
import { Box, Button, Card, CardContent, Link, List, ListItem, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { messages } from '@sitewalk/shared/messages';
import { user as userSchema, type User } from '@sitewalk/shared/schemas/user';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Picture } from '../../components/picture.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization, userPlacement } from '../../lib/authorization.ts';
import { useProfilePictureUrl } from '../../api/pictures.ts';
import { useUser } from '../../api/users.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { PinDisplay } from './components/pin-display.tsx';
import { TwoStepCard } from './components/two-step-card.tsx';
import { formatDate } from '../../lib/time.ts';
import { Detail, DetailList } from '../../components/details.tsx';

const Memberships = ({ label, items }: { label: string; items: { id: number; name: string }[] }) =>
  items.length === 0 ? (
    <Typography color="text.secondary">None</Typography>
  ) : (
    <List dense disablePadding aria-label={label}>
      {items.map((item) => (
        <ListItem key={item.id} disableGutters sx={{ py: 0.25 }}>
          {item.name}
        </ListItem>
      ))}
    </List>
  );

/** A user's profile (the 'User profile' screen). */
export const UserProfilePage = () => {
  const id = useRouteId();
  if (id === null)
    return <ErrorPanel error={messages.validation.invalidUserId} onReset={() => history.back()} />;
  return <Profile id={id} />;
};

/** The top bar's link passes the signed-in user as state: shown at once while their profile loads. */
const passedUser = (state: unknown, id: number): User | undefined => {
  const passed =
    state && typeof state === 'object' && 'user' in state ? userSchema.safeParse(state.user) : null;
  return passed?.success && passed.data.id === id ? passed.data : undefined;
};

const Profile = ({ id }: { id: number }) => {
  const query = useUser(id, passedUser(useLocation().state, id));
  if (query.isPending) return <Spinner label="Loading user" />;
  if (query.isError) return <ErrorPanel error={query.error} onReset={() => void query.refetch()} />;
  return <ProfileView user={query.data} />;
};

const ProfileView = ({ user }: { user: User }) => {
  const { actor, can } = useAuthorization();
  const picture = useProfilePictureUrl(user);
  const placement = userPlacement(user);
  const fullName = `${user.firstName} ${user.lastName}`;
  const locationItems = user.userToLocation.map(({ locationId, location }) => ({
    id: locationId,
    name: locationId === user.defaultLocationId ? `${location.name} (Default)` : location.name,
  }));
  const organizationItems = user.userToOrganization.map(({ organizationId, organization }) => ({
    id: organizationId,
    name: organization.name,
  }));

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Picture src={picture} alt={fullName} variant="avatar" size={72} />
        {/* The name takes the line before the button does: the button wraps below on narrow screens. */}
        <Box sx={{ minWidth: 0, flex: '1 1 280px' }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'break-word' }}>
            {fullName}
          </Typography>
          <Typography color="text.secondary">{user.roleName}</Typography>
        </Box>
        {can('update', placement) && (
          <Button
            component={RouterLink}
            to={paths.app.userUpdate.build(user.id)}
            variant="contained"
            startIcon={<EditIcon />}
          >
            Update Profile
          </Button>
        )}
      </Stack>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Details
          </Typography>
          <DetailList>
            <Detail label="ID">{user.id}</Detail>
            <Detail label="Role">{user.roleName}</Detail>
            <Detail label="Start Date">{formatDate(user.createdAt)}</Detail>
            <Detail label="Phone">
              {user.phone ? <Link href={`tel:${user.phone.replace(/\D/g, '')}`}>{user.phone}</Link> : 'None'}
            </Detail>
            <Detail label="Email">
              {user.email ? <Link href={`mailto:${user.email}`}>{user.email}</Link> : 'None'}
            </Detail>
            <Detail label="Management Company">{user.managementCompany?.name ?? 'None'}</Detail>
            <Detail label="PIN">
              <PinDisplay userId={user.id} hasPin={user.hasPin} canReveal={can('revealPin', placement)} />
            </Detail>
          </DetailList>
        </CardContent>
      </Card>

      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Locations
            </Typography>
            <Memberships label="Locations" items={locationItems} />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Areas
            </Typography>
            <Memberships label="Areas" items={organizationItems} />
          </CardContent>
        </Card>
      </Box>

      {user.id === actor.userId && <TwoStepCard userId={user.id} />}
      {user.id === actor.userId && <AlertPreferencesCard />}
    </Stack>
  );
};
