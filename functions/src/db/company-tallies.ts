import type { DataService } from './service.ts';
import type { CompanyTallyItem } from './entities/companyTally.ts';
import { countMatching, readRawPartition } from './bounded.ts';
import { listAllManagementCompanies } from './managementCompanies.ts';
import { writeIf } from './conditional.ts';
import { clock } from '../ports/clock.ts';

/**
 * Each company's totals of locations, areas and users (docs/data-model.md, "The Super User's lists"): their
 * sum is the `totalCount` of the Super User's unsearched lists, so a first page does not count a whole index
 * partition. A tally moves by ADD in the same transaction as each create and delete it counts; that
 * transaction also moves the company's audit head, so a tally is no busier than the log it sits beside (one
 * item shared by the whole stage made every create and delete conflict). Company 0 (`NO_COMPANY`) counts
 * the users of no company (Super Users, Admins), whose changes go to the system log 0.
 */
export type TallyKind = 'locations' | 'areas' | 'users';
export const NO_COMPANY = 0;

type Transaction = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];

/** The transaction item that moves a company's tally of a kind by `by` (1 for a create, -1 for a delete). */
export const tallyMoved = (
  { companyTally }: Pick<Transaction, 'companyTally'>,
  managementCompanyId: number,
  kind: TallyKind,
  by: number,
) =>
  companyTally
    .upsert({ managementCompanyId })
    .add({ [kind]: by })
    .commit();

/** Moves a company's tally on its own: after a bulk load's batches, which are not transactions. */
export const moveTally = (db: DataService, managementCompanyId: number, kind: TallyKind, by: number) =>
  db.entities.companyTally
    .upsert({ managementCompanyId })
    .add({ [kind]: by })
    .go();

/** A new company's tally, counted (it holds nothing yet): written in the company's create. */
export const newCompanyTally = (
  { companyTally }: Pick<Transaction, 'companyTally'>,
  managementCompanyId: number,
  countedAt: string,
) => companyTally.create({ managementCompanyId, locations: 0, areas: 0, users: 0, countedAt }).commit();

const SUMMED = ['managementCompanyId', 'locations', 'areas', 'users', 'countedAt'] as const;

/**
 * The stage's totals, the sum of every company's tally: one Query of their partition (one small item a
 * company). Null until they can be trusted: company 0's tally is counted last (`countStageTallies`), and
 * every tally must have been counted.
 */
export const stageTotals = async (db: DataService): Promise<Record<TallyKind, number> | null> => {
  // Raw, and only what is summed: every unsearched first page of the Super User's lists reads them all, one a
  // company (51 companies: 4.3 ms median where ElectroDB's formatted read took 5.3 ms).
  const tallies = await readRawPartition<Pick<CompanyTallyItem, (typeof SUMMED)[number]>>((cursor) =>
    db.entities.companyTally.query.all({}).go({ cursor, data: 'raw', attributes: [...SUMMED] }),
  );
  const counted = tallies.every((t) => t.countedAt !== undefined);
  if (!counted || !tallies.some((t) => t.managementCompanyId === NO_COMPANY)) return null;
  const sum = (kind: TallyKind) => tallies.reduce((total, t) => total + (t[kind] ?? 0), 0);
  return { locations: sum('locations'), areas: sum('areas'), users: sum('users') };
};

/** One of the stage's totals, or null while they are not known (the caller counts the index instead). */
export const stageTotal = async (db: DataService, kind: TallyKind) => (await stageTotals(db))?.[kind] ?? null;

/** What a company holds, counted on its indexes (company 0: the users of no company, on the stage's). */
const countCompany = async (db: DataService, managementCompanyId: number) => {
  const { location, organization, user } = db.entities;
  const count = (query: Parameters<typeof countMatching>[0]) => countMatching(query);
  if (managementCompanyId === NO_COMPANY) {
    const users = await count((options) =>
      user.query
        .all({})
        .where(({ managementCompanyId: company }, { notExists }) => notExists(company))
        .go(options as never),
    );
    return { locations: 0, areas: 0, users };
  }
  const [locations, areas, users] = await Promise.all([
    count((options) => location.query.byCompany({ managementCompanyId }).go(options as never)),
    count((options) => organization.query.byCompany({ managementCompanyId }).go(options as never)),
    count((options) => user.query.byCompany({ managementCompanyId }).go(options as never)),
  ]);
  return { locations, areas, users };
};

const COUNT_ATTEMPTS = 5;
const KINDS: readonly TallyKind[] = ['locations', 'areas', 'users'];

/**
 * Counts a company's tally once and stores it, unless it has been counted already. The store is conditional
 * on the tally as read before counting, so a create or delete that commits while it counts (its ADD moves
 * the tally) makes it count again: it runs beside the API. On DynamoDB an item written in the second before
 * the count may not be in the index yet; the local host counts at start, before it serves.
 */
export const countCompanyTally = async (
  db: DataService,
  managementCompanyId: number,
  countOf = countCompany,
): Promise<boolean> => {
  const { companyTally } = db.entities;
  for (let attempt = 0; attempt < COUNT_ATTEMPTS; attempt++) {
    const { data: before } = await companyTally.get({ managementCompanyId }).go();
    if (before?.countedAt !== undefined) return false;
    const counted = { ...(await countOf(db, managementCompanyId)), countedAt: clock.now().toISOString() };
    const stored = await writeIf(
      before
        ? companyTally
            .patch({ managementCompanyId })
            .set(counted)
            .where((attributes, op) =>
              KINDS.map((kind) => {
                const seen = (before as CompanyTallyItem)[kind];
                return seen === undefined ? op.notExists(attributes[kind]) : op.eq(attributes[kind], seen);
              }).join(' AND '),
            )
            .go()
        : companyTally.create({ managementCompanyId, ...counted }).go(),
    );
    if (stored) return true;
  }
  throw new Error(`Company ${managementCompanyId}'s tally kept changing while it was counted`);
};

/**
 * Counts every company's tally not counted yet, then company 0's, last: once that one is counted the stage's
 * totals are trusted (a company created since writes its tally counted). Answers how many it counted.
 */
export const countStageTallies = async (db: DataService): Promise<number> => {
  const { data: last } = await db.entities.companyTally.get({ managementCompanyId: NO_COMPANY }).go();
  if (last?.countedAt !== undefined) return 0;
  let counted = 0;
  for (const company of await listAllManagementCompanies(db)) {
    if (await countCompanyTally(db, company.managementCompanyId)) counted += 1;
  }
  if (await countCompanyTally(db, NO_COMPANY)) counted += 1;
  return counted;
};
