import type { DataService } from '../db/service.ts';
import type { AuditEntryItem } from '../db/entities/audit.ts';
import { SYSTEM_LOG, allAuditHeads, auditEntriesAscending, getAuditHead } from '../db/audit.ts';
import { listAllManagementCompanies } from '../db/managementCompanies.ts';
import { chainProblem, chainVerifier, macMessage, type ChainProblem } from '../db/audit-chain.ts';
import type { AuditSigner } from '../ports/audit-signer.ts';
import type { AnchorStore, AuditAnchor } from '../ports/audit-anchors.ts';

export interface LogReport {
  managementCompanyId: number;
  entries: number;
  /** Entries without a MAC before the log's first signed one (written before entries were signed). */
  unsigned: number;
  /** The latest anchor the log was checked against, if it has one. */
  anchor: AuditAnchor | null;
  problem: ChainProblem | null;
}

/** Entries whose MACs are checked at once (KMS answers each VerifyMac on its own). */
const MAC_BATCH = 32;

/**
 * Verifies one log, oldest first a page at a time (never held whole): its hash chain and head
 * (audit-chain.ts), each entry's MAC, and its latest anchor. An entry whose MAC does not verify is
 * `forged` (even when every hash after it was recomputed); an entry without one is `unsigned`, allowed only
 * before the log's first signed entry (written before entries were signed). A log that ends before its
 * anchored entry, or whose entry at that number is another, is `truncated`; a log with an anchor but no
 * entries and no head is `deleted`.
 */
export const verifyAuditLog = async (
  db: DataService,
  signer: AuditSigner,
  managementCompanyId: number,
  anchor: AuditAnchor | null = null,
): Promise<LogReport> => {
  const problem = (kind: ChainProblem['kind'], seq: number, message: string) =>
    chainProblem(managementCompanyId, kind, seq, message);
  const head = await getAuditHead(db, managementCompanyId);
  const verifier = chainVerifier(managementCompanyId);
  let entries = 0;
  let unsigned = 0;
  let signedSeq: number | null = null;
  const report = (found: ChainProblem | null): LogReport => ({
    managementCompanyId,
    entries,
    unsigned,
    anchor,
    problem: found,
  });

  /** Checks a batch in order: its chain one entry at a time, the MACs of the batch at once. */
  const check = async (batch: AuditEntryItem[]): Promise<ChainProblem | null> => {
    const valid = await Promise.all(
      batch.map((entry) => (entry.mac ? signer.verify(macMessage(entry), entry.mac) : null)),
    );
    for (const [i, entry] of batch.entries()) {
      entries += 1;
      const broken = verifier.next(entry);
      if (broken) return broken;
      if (valid[i] === false) {
        return problem('forged', entry.seq, `entry ${entry.seq} is forged (its MAC does not verify)`);
      }
      if (valid[i] === null) {
        if (signedSeq !== null) {
          return problem(
            'forged',
            entry.seq,
            `entry ${entry.seq} has no MAC, though entry ${signedSeq} before it is signed`,
          );
        }
        unsigned += 1;
      } else {
        signedSeq ??= entry.seq;
      }
      if (anchor?.mac && entry.seq === anchor.seq && !entry.mac) {
        return problem('forged', entry.seq, `entry ${entry.seq} lost the MAC it was anchored with`);
      }
      if (anchor && entry.seq === anchor.seq && entry.hash !== anchor.hash) {
        return problem(
          'truncated',
          entry.seq,
          `entry ${entry.seq} is not the one anchored at ${anchor.anchoredAt} (the log was cut and written again)`,
        );
      }
    }
    return null;
  };

  let batch: AuditEntryItem[] = [];
  for await (const entry of auditEntriesAscending(db, managementCompanyId)) {
    batch.push(entry);
    if (batch.length < MAC_BATCH) continue;
    const found = await check(batch);
    if (found) return report(found);
    batch = [];
  }
  const found = await check(batch);
  if (found) return report(found);

  if (anchor && entries === 0 && !head) {
    return report(
      problem(
        'deleted',
        anchor.seq,
        `the log is gone: entries 1 to ${anchor.seq} were anchored at ${anchor.anchoredAt}, none is left`,
      ),
    );
  }
  if (anchor && entries < anchor.seq) {
    return report(
      problem(
        'truncated',
        entries + 1,
        `entries ${entries + 1} to ${anchor.seq} are missing (anchored at ${anchor.anchoredAt}; the log ends at ${entries})`,
      ),
    );
  }
  return report(verifier.end(head ? { seq: head.seq, hash: head.hash } : null));
};

/**
 * Verifies every log: those with a head (deleted companies' logs included), every existing company's (a
 * log whose head went missing is found through its company), every anchored one (a log deleted whole is
 * found through its anchors) and the system log.
 */
export const verifyAuditLogs = async (
  db: DataService,
  signer: AuditSigner,
  anchors: AnchorStore,
): Promise<LogReport[]> => {
  const [heads, companies, anchored] = await Promise.all([
    allAuditHeads(db),
    listAllManagementCompanies(db),
    anchors.logs(),
  ]);
  const ids = [
    ...new Set([
      SYSTEM_LOG,
      ...heads.map((h) => h.managementCompanyId),
      ...companies.map((c) => c.managementCompanyId),
      ...anchored,
    ]),
  ].sort((a, b) => a - b);
  const reports: LogReport[] = [];
  for (const id of ids) reports.push(await verifyAuditLog(db, signer, id, await anchors.latest(id)));
  return reports;
};

/**
 * The check command's report: one line per log, then the verdict. Answers the exit code: 0 when every log is
 * whole, 1 when any is not.
 */
export const reportAuditLogs = async (
  db: DataService,
  signer: AuditSigner,
  anchors: AnchorStore,
  print: { ok: (line: string) => void; fail: (line: string) => void },
): Promise<0 | 1> => {
  const reports = await verifyAuditLogs(db, signer, anchors);
  let failed = 0;
  for (const report of reports) {
    const name =
      report.managementCompanyId === SYSTEM_LOG ? 'system log' : `company ${report.managementCompanyId}`;
    if (report.problem) {
      failed += 1;
      print.fail(`  FAIL ${name} (${report.problem.kind}): ${report.problem.message}`);
    } else {
      const count = `${report.entries} ${report.entries === 1 ? 'entry' : 'entries'}`;
      const unsigned = report.unsigned ? `, the first ${report.unsigned} from before MACs (unsigned)` : '';
      const anchored = report.anchor
        ? `, anchored to entry ${report.anchor.seq} at ${report.anchor.anchoredAt}`
        : ', not anchored yet';
      print.ok(`  ok   ${name}: ${count}, chain whole and signed${unsigned}${anchored}`);
    }
  }
  if (failed) print.fail(`\n${failed} of ${reports.length} audit logs failed the check.`);
  else print.ok(`\nAll ${reports.length} audit logs verified.`);
  return failed ? 1 : 0;
};
