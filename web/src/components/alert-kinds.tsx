import AccessAlarmIcon from '@mui/icons-material/AccessAlarm';
import AssignmentLateIcon from '@mui/icons-material/AssignmentLate';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import RuleIcon from '@mui/icons-material/Rule';
import type { ReactElement } from 'react';
import type { AlertKind } from '@sitewalk/shared/schemas/alert';

/** How each kind of alert reads and looks: its name, icon and colour (by how much it needs doing). */
export const alertKindInfo: Record<
  AlertKind,
  { label: string; icon: ReactElement; color: 'error' | 'warning' | 'info' }
> = {
  dueSoon: { label: 'Due soon', icon: <HourglassBottomIcon />, color: 'info' },
  missed: { label: 'Missed', icon: <EventBusyIcon />, color: 'error' },
  incomplete: { label: 'Incomplete', icon: <RuleIcon />, color: 'warning' },
  late: { label: 'Late', icon: <AccessAlarmIcon />, color: 'warning' },
  taskOverdue: { label: 'Task overdue', icon: <AssignmentLateIcon />, color: 'error' },
  noLockCheck: { label: 'No lock check', icon: <LockClockOutlinedIcon />, color: 'warning' },
};
