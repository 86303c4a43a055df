import { Chip, Stack, Tooltip, Typography } from '@mui/material';
import type * as z from 'zod';
import type { windowToday } from '@sitewalk/shared/schemas/schedule';
import { windowStatusInfo } from '../../../components/window-status.tsx';

export type WindowToday = z.infer<typeof windowToday>;

export { windowStatusInfo };

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' });

/** A location's walk windows of today, each a chip with its name, times and status. */
export const TodayWindows = ({ windows }: { windows: readonly WindowToday[] }) => (
  <>
    <Typography variant="subtitle2" component="h3">
      Today&apos;s walks
    </Typography>
    {windows.length === 0 ? (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        No walk windows today
      </Typography>
    ) : (
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5, mb: 1.5 }}
        component="ul"
        aria-label="Today's walk windows"
        style={{ listStyle: 'none', padding: 0, margin: '4px 0 12px' }}
      >
        {windows.map((w) => {
          const info = windowStatusInfo[w.status];
          const text = `${w.label} ${timeOf(w.opensAt)}–${timeOf(w.closesAt)}: ${info.label}`;
          return (
            // A long window name ends in an ellipsis (the chip's own) rather than widen the card.
            <li key={w.windowId} style={{ minWidth: 0, maxWidth: '100%' }}>
              <Tooltip title={text}>
                <Chip
                  size="small"
                  icon={info.icon}
                  color={info.color}
                  variant={info.color === 'default' ? 'outlined' : 'filled'}
                  label={`${w.label} · ${info.label}`}
                  aria-label={text}
                />
              </Tooltip>
            </li>
          );
        })}
      </Stack>
    )}
  </>
);
