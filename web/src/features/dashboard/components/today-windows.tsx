import { Chip, Stack, Tooltip, Typography } from '@mui/material';
import type * as z from 'zod';
import type { windowToday } from '@sitewalk/shared/schemas/schedule';
import { windowStatusInfo } from '../../../components/window-status.tsx';
import { formatTimeRange } from '../../../lib/time.ts';

export type WindowToday = z.infer<typeof windowToday>;

export { windowStatusInfo };

/** A location's walk windows of today, each a chip with its name, times (in the location's zone) and status. */
export const TodayWindows = ({
  windows,
  timeZone,
}: {
  windows: readonly WindowToday[];
  /** The zone the windows are kept in (the viewer's when it is not known). */
  timeZone?: string;
}) => (
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
          const text = `${w.label} ${formatTimeRange(w.opensAt, w.closesAt, { timeZone })}: ${info.label}`;
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
