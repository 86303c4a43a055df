import { AUDIT_ANCHOR_INTERVAL_MINUTES } from '@sitewalk/shared/constants';
import type { AnchorSummary } from '@sitewalk/functions/domain/audit-anchor';

const lambdaAnchor = async (): Promise<AnchorSummary> => {
  // Imported at the first run: the module reads the environment the host set.
  const [{ anchorAt }, { clock }] = await Promise.all([
    import('@sitewalk/functions/auditAnchor/handler'),
    import('@sitewalk/functions/ports/clock'),
  ]);
  return anchorAt(clock.now());
};

/**
 * The audit-anchor worker on the local host: in AWS, EventBridge Scheduler invokes its Lambda every
 * AUDIT_ANCHOR_INTERVAL_MINUTES; here a timer calls the same `anchorAt`, once at start and then on that
 * interval, never two runs at once. A failed run is logged; the next one tries again.
 */
export const startLocalAuditAnchor = (
  options: {
    intervalMs?: number;
    /** The run itself; by default the audit-anchor Lambda's `anchorAt` at `clock.now()`. */
    anchor?: () => Promise<AnchorSummary>;
    log?: (line: string) => void;
  } = {},
): { stop: () => Promise<void> } => {
  const log = options.log ?? ((line: string) => console.error(line));
  const anchor = options.anchor ?? lambdaAnchor;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = (async () => {
      const summary = await anchor();
      if (summary.refused.length > 0) {
        log(
          `[audit anchor] logs ${summary.refused.join(', ')} disagree with their anchors: run npm run audit:verify`,
        );
      }
    })()
      .catch((error: unknown) =>
        log(`[audit anchor] run failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? AUDIT_ANCHOR_INTERVAL_MINUTES * 60_000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
