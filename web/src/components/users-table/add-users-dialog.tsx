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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import type { Actor } from '@sitewalk/shared/policy';
import type { User } from '@sitewalk/shared/schemas/user';
import { ApiError } from '../../lib/api-client.ts';
import { fullName, type Container } from './membership.ts';
import { useAddMembers, userMatchesQueryOptions } from '../../api/users.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { PICKER_DEBOUNCE_MS } from '../pickers/search-picker.tsx';

export interface AddUsersDialogProps {
  open: boolean;
  onClose: () => void;
  actor: Actor;
  container: Container;
}

/** The API's own words when it sent some (the dialog shows the error message), else a generic one. */
const loadErrorText = (error: unknown) =>
  error instanceof ApiError && error.body?.message ? error.body.message : messages.fetch.loadingUsers;

/**
 * 'Add Users': search the signed-in user's users on the server, only those who are not yet members and whom
 * the signed-in user may add here (the server decides: the first PICKER_MATCHES of what is typed are all
 * addable, and a scope of 5,000 is never loaded whole), tick some, then add them in one go. Ticked users stay
 * ticked, and listed, while the search changes.
 */
export const AddUsersDialog = ({ open, onClose, actor, container }: AddUsersDialogProps) => {
  const id = useId();
  const [filter, setFilter] = useState('');
  const term = useDebouncedValue(filter.trim(), PICKER_DEBOUNCE_MS);
  const all = useQuery({
    ...userMatchesQueryOptions({ kind: 'user' }, actor.userId, term, container),
    select: (page) => page.users,
    // The list stays (busy) while the next search is asked, so what was ticked does not vanish.
    placeholderData: keepPreviousData,
    enabled: open,
  });
  const add = useAddMembers();
  const [selected, setSelected] = useState<ReadonlyMap<number, User>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);

  const candidates = all.data ?? [];
  const searching = filter.trim() !== term || all.isFetching;
  // The ticked ones first when this search did not find them, so they can be unticked.
  const shown = [
    ...[...selected.values()].filter((user) => !candidates.some(({ id }) => id === user.id)),
    ...candidates,
  ];

  const close = () => {
    if (add.isPending) return;
    setSelected(new Map());
    setFilter('');
    setProblem(null);
    add.reset();
    onClose();
  };

  const toggle = (user: User) => {
    setProblem(null);
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(user.id)) next.delete(user.id);
      else next.set(user.id, user);
      return next;
    });
  };

  const submit = async () => {
    if (!(container.id > 0)) {
      setProblem(messages.validation.invalidSourceId);
      return;
    }
    const userIds = [...selected.keys()];
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
        <TextField
          size="small"
          type="search"
          fullWidth
          label="Search users"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          helperText={`The first ${PICKER_MATCHES} matches of a name, e-mail or role.`}
          sx={{ mb: 1 }}
        />
        {all.isError ? (
          <Alert severity="error">{loadErrorText(all.error)}</Alert>
        ) : all.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading users" />
          </Box>
        ) : shown.length === 0 ? (
          <Alert severity="info">
            {searching ? 'Searching…' : term ? 'No user matches' : messages.fetch.noUsersToAdd}
          </Alert>
        ) : (
          <List
            dense
            aria-label="Users to add"
            aria-busy={searching}
            sx={{ maxHeight: 360, overflowY: 'auto' }}
          >
            {shown.map((user) => {
              const labelId = `${id}-user-${user.id}`;
              return (
                <ListItem key={user.id} disablePadding sx={{ alignItems: 'flex-start', py: 0.25 }}>
                  <Checkbox
                    checked={selected.has(user.id)}
                    onChange={() => toggle(user)}
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
          disabled={add.isPending || (selected.size === 0 && (!all.isSuccess || candidates.length === 0))}
        >
          {add.isPending ? 'Adding...' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
