import type { DataService } from '../db/service.ts';
import { SYSTEM_LOG, allAuditHeads, auditEntriesAscending, getAuditHead } from '../db/audit.ts';
import { listAllManagementCompanies } from '../db/managementCompanies.ts';
import { chainVerifier, type ChainProblem } from '../db/audit-chain.ts';

export interface LogReport {
  managementCompanyId: number;
  entries: number;
  problem: ChainProblem | null;
}

/** Verifies one log against its head, reading it oldest first a page at a time (never held whole). */
export const verifyAuditLog = async (db: DataService, managementCompanyId: number): Promise<LogReport> => {
  const head = await getAuditHead(db, managementCompanyId);
  const verifier = chainVerifier(managementCompanyId);
  let entries = 0;
  for await (const entry of auditEntriesAscending(db, managementCompanyId)) {
    entries += 1;
    const problem = verifier.next(entry);
    if (problem) return { managementCompanyId, entries, problem };
  }
  return {
    managementCompanyId,
    entries,
    problem: verifier.end(head ? { seq: head.seq, hash: head.hash } : null),
  };
};

/**
 * Verifies every log: those with a head (deleted companies' logs included), every existing company's (a
 * log whose head went missing is found through its company) and the system log.
 */
export const verifyAuditLogs = async (db: DataService): Promise<LogReport[]> => {
  const [heads, companies] = await Promise.all([allAuditHeads(db), listAllManagementCompanies(db)]);
  const ids = [
    ...new Set([
      SYSTEM_LOG,
      ...heads.map((h) => h.managementCompanyId),
      ...companies.map((c) => c.managementCompanyId),
    ]),
  ].sort((a, b) => a - b);
  const reports: LogReport[] = [];
  for (const id of ids) reports.push(await verifyAuditLog(db, id));
  return reports;
};

/**
 * The check command's report: one line per log, then the verdict. Answers the exit code: 0 when every log is
 * whole, 1 when any is not.
 */
export const reportAuditLogs = async (
  db: DataService,
  print: { ok: (line: string) => void; fail: (line: string) => void },
): Promise<0 | 1> => {
  const reports = await verifyAuditLogs(db);
  let failed = 0;
  for (const report of reports) {
    const name =
      report.managementCompanyId === SYSTEM_LOG ? 'system log' : `company ${report.managementCompanyId}`;
    if (report.problem) {
      failed += 1;
      print.fail(`  FAIL ${name}: ${report.problem.message}`);
    } else {
      print.ok(
        `  ok   ${name}: ${report.entries} ${report.entries === 1 ? 'entry' : 'entries'}, chain whole`,
      );
    }
  }
  if (failed) print.fail(`\n${failed} of ${reports.length} audit logs failed the check.`);
  else print.ok(`\nAll ${reports.length} audit logs verified.`);
  return failed ? 1 : 0;
};
