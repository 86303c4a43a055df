import { Alert, AlertTitle, Button, Card, CardContent, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import type { TimedStatus } from '../hooks/use-timed-status.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DeleteStatus } from './delete-status.tsx';

export interface DeleteCardProps {
  /** The button's words: 'Delete Area'. */
  label: string;
  /** The confirm dialog's title ('Delete Location?') and question. */
  confirmTitle: string;
  confirmMessage: string;
  /** The delete's state, from `useDeleteStatus`: 'Deleting...', 'Deleted!', 'Error' beside the button. */
  status: TimedStatus;
  /** Why the last delete was refused, said below the button; `failureTitle` heads it. */
  failure?: string | null;
  failureTitle?: string;
  /** While another action of the page runs. */
  disabled?: boolean;
  /** Confirmed in the dialog, which closes: the page deletes. */
  onConfirm: () => void;
}

/** An object's delete: the button in a card of its own, a confirm dialog, the delete's status and failure. */
export const DeleteCard = ({
  label,
  confirmTitle,
  confirmMessage,
  status,
  failure,
  failureTitle,
  disabled = false,
  onConfirm,
}: DeleteCardProps) => {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={disabled || status === 'working'}
              onClick={() => setConfirming(true)}
            >
              {label}
            </Button>
            <DeleteStatus status={status} />
          </Stack>
          {failure && (
            <Alert severity="error">
              {failureTitle && <AlertTitle>{failureTitle}</AlertTitle>}
              {failure}
            </Alert>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={confirmTitle}
        message={confirmMessage}
        onConfirm={() => {
          setConfirming(false);
          onConfirm();
        }}
        onCancel={() => setConfirming(false)}
        busy={status === 'working'}
      />
    </Card>
  );
};
