import type { DataService } from '../db/service.ts';
import { allAuditHeads, getAuditEntry } from '../db/audit.ts';
import type { AnchorStore } from '../ports/audit-anchors.ts';

export interface AnchorSummary {
  /** Logs whose head was anchored now. */
  anchored: number;
  /** Logs whose head has not moved since their latest anchor. */
  unchanged: number;
  /**
   * Logs that disagree with their latest anchor (behind it, another entry at its number, or gone): they
   * are not anchored again, so the anchor that shows the change stays the latest, for `audit:verify`.
   */
  refused: number[];
}

/**
 * One anchoring run (the audit-anchor worker): each log's head (number, hash, MAC, time) written as a new
 * object into write-once storage when it moved since the log's latest anchor. A head is anchored only if the
 * log still holds the previously anchored entry unchanged: a log cut back (and perhaps written on again) is
 * never anchored over, so truncation keeps showing.
 */
export const anchorAuditLogs = async (
  db: DataService,
  anchors: AnchorStore,
  now: Date,
): Promise<AnchorSummary> => {
  const [heads, anchored] = await Promise.all([allAuditHeads(db), anchors.logs()]);
  const summary: AnchorSummary = { anchored: 0, unchanged: 0, refused: [] };
  const withHead = new Set(heads.map((head) => head.managementCompanyId));
  summary.refused.push(...anchored.filter((id) => !withHead.has(id)));
  for (const head of heads) {
    const id = head.managementCompanyId;
    const previous = await anchors.latest(id);
    if (previous && previous.seq === head.seq && previous.hash === head.hash) {
      summary.unchanged += 1;
      continue;
    }
    if (previous) {
      const entry = head.seq >= previous.seq ? await getAuditEntry(db, id, previous.seq) : null;
      if (entry?.hash !== previous.hash) {
        summary.refused.push(id);
        continue;
      }
    }
    await anchors.put({
      managementCompanyId: id,
      seq: head.seq,
      hash: head.hash,
      ...(head.mac ? { mac: head.mac } : {}),
      at: head.at,
      anchoredAt: now.toISOString(),
    });
    summary.anchored += 1;
  }
  summary.refused.sort((a, b) => a - b);
  return summary;
};
