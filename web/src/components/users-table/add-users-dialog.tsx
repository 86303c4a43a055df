import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messages } from '@sitewalk/shared/messages';
import type { Actor } from '@sitewalk/shared/policy';
import type { User } from '@sitewalk/shared/schemas/user';
import { ApiError } from '../../lib/api-client.ts';
import { useLocationsOfUser } from '../../api/locations.ts';
import { candidatesFor, fullName, type Container } from './membership.ts';
import { useAddMembers, usersOfUserQueryOptions } from '../../api/users.ts';

export interface AddUsersDialogProps {
  open: boolean;
  onClose: () => void;
  actor: Actor;
  container: Container;
  members: readonly User[];
}

/** The API's own words when it sent some (the dialog shows the error message), else a generic one. */
const loadErrorText = (error: unknown) =>
  error instanceof ApiError && error.body?.message ? error.body.message : messages.fetch.loadingUsers;

/**
 * 'Add Users': pick users from the signed-in user's full list who are not yet members
 * and may join, then add them in one go.
 */
export const AddUsersDialog = ({ open, onClose, actor, container, members }: AddUsersDialogProps) => {
  const id = useId();
  const all = useQuery({ ...usersOfUserQueryOptions(actor.userId), enabled: open });
  const add = useAddMembers();
  const knownLocations = useLocationsOfUser(actor.userId, open).data;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const candidates = all.data ? candidatesFor(actor, container, all.data, members, knownLocations) : [];
  const term = filter.trim().toLowerCase();
  const shown = term
    ? candidates.filter((user) =>
        [fullName(user), user.email ?? '', user.roleName].some((text) => text.toLowerCase().includes(term)),
      )
    : candidates;

  const close = () => {
    if (add.isPending) return;
    setSelected(new Set());
    setFilter('');
    setProblem(null);
    add.reset();
    onClose();
  };

  const toggle = (userId: number) => {
    setProblem(null);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  };

  const submit = async () => {
    if (!(container.id > 0)) {
      setProblem(messages.validation.invalidSourceId);
      return;
    }
    const userIds = candidates.filter((user) => selected.has(user.id)).map((user) => user.id);
    if (userIds.length === 0) {
      setProblem(messages.validation.selectUsers);
      return;
    }
    setProblem(null);
    try {
      await add.mutateAsync({ container, userIds });
      close();
    } catch {
      setProblem(messages.fetch.addUsers);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>Add Users</DialogTitle>
      <DialogContent dividers>
        {all.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading users" />
          </Box>
        ) : all.isError ? (
          <Alert severity="error">{loadErrorText(all.error)}</Alert>
        ) : candidates.length === 0 ? (
          <Alert severity="info">{messages.fetch.noUsersToAdd}</Alert>
        ) : (
          <>
            <TextField
              size="small"
              type="search"
              fullWidth
              label="Filter users"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              sx={{ mb: 1 }}
            />
            <List dense aria-label="Users to add" sx={{ maxHeight: 360, overflowY: 'auto' }}>
              {shown.map((user) => {
                const labelId = `${id}-user-${user.id}`;
                return (
                  <ListItem key={user.id} disablePadding sx={{ alignItems: 'flex-start', py: 0.25 }}>
                    <Checkbox
                      checked={selected.has(user.id)}
                      onChange={() => toggle(user.id)}
                      slotProps={{
                        input: {
                          id: `${labelId}-box`,
                          'aria-labelledby': labelId,
                          'aria-describedby': `${labelId}-about`,
                        },
                      }}
                    />
                    <Box
                      component="label"
                      htmlFor={`${labelId}-box`}
                      sx={{ cursor: 'pointer', py: 1, minWidth: 0, flex: 1 }}
                    >
                      <Typography id={labelId} sx={{ overflowWrap: 'anywhere' }}>
                        {fullName(user)}
                      </Typography>
                      <Typography
                        id={`${labelId}-about`}
                        variant="body2"
                        color="text.secondary"
                        sx={{ overflowWrap: 'anywhere' }}
                      >
                        {[user.roleName, user.email].filter(Boolean).join(' · ')}
                      </Typography>
                    </Box>
                  </ListItem>
                );
              })}
            </List>
          </>
        )}
        {problem && (
          <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={add.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={add.isPending || !all.isSuccess || candidates.length === 0}
        >
          {add.isPending ? 'Adding...' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
