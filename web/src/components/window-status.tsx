import CheckIcon from '@mui/icons-material/Check';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { ReactElement } from 'react';
import type { WindowStatus } from '@sitewalk/shared/schemas/schedule';

/** How a walk window's status reads and looks (the dashboard's cards, the recording roles' home). */
export const windowStatusInfo: Record<
  WindowStatus,
  { label: string; color: 'default' | 'success' | 'info' | 'warning' | 'error'; icon: ReactElement }
> = {
  upcoming: { label: 'Upcoming', color: 'default', icon: <ScheduleIcon /> },
  open: { label: 'Open', color: 'default', icon: <ScheduleIcon /> },
  dueSoon: { label: 'Due soon', color: 'warning', icon: <HourglassBottomIcon /> },
  inProgress: { label: 'In progress', color: 'info', icon: <DirectionsWalkIcon /> },
  done: { label: 'Done', color: 'success', icon: <CheckIcon /> },
  late: { label: 'Late', color: 'warning', icon: <ErrorOutlineIcon /> },
  incomplete: { label: 'Incomplete', color: 'warning', icon: <ErrorOutlineIcon /> },
  missed: { label: 'Missed', color: 'error', icon: <ErrorOutlineIcon /> },
};
