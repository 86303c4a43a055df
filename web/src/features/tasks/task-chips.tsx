import { Chip } from '@mui/material';
import { priorityName } from '@sitewalk/shared/constants';
import { taskStatusNames, type TaskStatus } from '@sitewalk/shared/schemas/task';

const priorityColor = { 1: 'error', 2: 'warning', 3: 'default' } as const;
const statusColor = { open: 'default', inProgress: 'info', done: 'success' } as const;

export const PriorityChip = ({ priority }: { priority: number }) => (
  <Chip
    size="small"
    label={priorityName(priority)}
    color={priorityColor[priority as 1 | 2 | 3] ?? 'default'}
    variant={priority === 3 ? 'outlined' : 'filled'}
  />
);

export const StatusChip = ({ status }: { status: TaskStatus }) => (
  <Chip size="small" label={taskStatusNames[status]} color={statusColor[status]} variant="outlined" />
);
