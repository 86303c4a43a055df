import { Chip } from '@mui/material';
import { priorityName } from '@sitewalk/shared/constants';

const priorityColors = { 1: 'error', 2: 'warning', 3: 'default' } as const;

/** A priority's (or severity's) colour, as its chip shows it. */
export const priorityColor = (priority: number) => priorityColors[priority as 1 | 2 | 3] ?? 'default';

/** A priority (tasks) or a severity (lock-check discrepancies), on the one 1–3 scale: Critical, Important, Regular. */
export const PriorityChip = ({ priority }: { priority: number }) => (
  <Chip
    size="small"
    label={priorityName(priority)}
    color={priorityColor(priority)}
    variant={priority === 3 ? 'outlined' : 'filled'}
  />
);
