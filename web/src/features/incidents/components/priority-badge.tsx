import { Chip } from '@mui/material';
import { priorityName } from '@sitewalk/shared/constants';

const colors = { 1: 'error', 2: 'warning', 3: 'info' } as const;

/** 1 Critical, 2 Important, 3 Regular, anything else Unknown. */
export const PriorityBadge = ({ typeId }: { typeId: number }) => (
  <Chip
    label={priorityName(typeId)}
    color={colors[typeId as keyof typeof colors] ?? 'default'}
    size="small"
    data-testid="priority-badge"
  />
);
