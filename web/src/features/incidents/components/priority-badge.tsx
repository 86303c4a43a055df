import { Chip } from '@mui/material';
import { priorityName } from '@sitewalk/shared/constants';

const colors = { 1: 'error', 2: 'warning', 3: 'info' } as const;

/** 1 Critical, 2 Important, 3 Regular, anything else Unknown (field-operations section 4). */
export const PriorityBadge = ({ typeId }: { typeId: number }) => (
  <Chip
    label={priorityName(typeId)}
    color={colors[typeId as keyof typeof colors] ?? 'default'}
    size="small"
    data-testid="priority-badge"
    // White on MUI's orange and light blue is too faint (WCAG AA): dark text on orange, a darker blue.
    sx={typeId === 2 ? { color: 'rgba(0, 0, 0, 0.87)' } : typeId === 3 ? { bgcolor: 'info.dark' } : {}}
  />
);
