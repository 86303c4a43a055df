import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import type { TimedStatus } from '../hooks/use-timed-status.ts';
import { SaveStatus } from './save-status.tsx';

export interface SaveButtonProps {
  /** The save's state, from `useSaveStatus`: the button turns green when saved, red on an error. */
  status: TimedStatus;
  disabled?: boolean;
  /** 'Save' unless told. */
  label?: string;
  icon?: ReactNode;
  /** Without it the button submits its form. */
  onClick?: () => void;
}

/** A form's Save button with its status ('Saving...', 'Saved!', 'Error') beside it. */
export const SaveButton = ({ status, disabled = false, label = 'Save', icon, onClick }: SaveButtonProps) => (
  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
    <Button
      type={onClick ? 'button' : 'submit'}
      variant="contained"
      startIcon={icon}
      color={status === 'error' ? 'error' : status ? 'success' : 'primary'}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
    <SaveStatus status={status} />
  </Stack>
);
