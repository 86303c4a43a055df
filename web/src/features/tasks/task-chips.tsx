import { Chip } from '@mui/material';
import { taskStatusNames, type TaskStatus } from '@sitewalk/shared/schemas/task';

const statusColor = { open: 'default', inProgress: 'info', done: 'success' } as const;

export const StatusChip = ({ status }: { status: TaskStatus }) => (
  <Chip size="small" label={taskStatusNames[status]} color={statusColor[status]} variant="outlined" />
);
