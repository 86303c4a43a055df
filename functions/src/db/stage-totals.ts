import type { DataService } from './service.ts';
import { writeIf } from './conditional.ts';

/**
 * The stage's totals of locations, areas and users: the `totalCount` of the Super User's unsearched lists
 * (docs/data-model.md, "The Super User's lists"), so a first page does not count the whole index partition.
 * Each is a counter item moved by ADD in the same transaction (or, for a bulk load, right after the batch) as
 * the writes that create and delete the objects. It is trusted only once `countStageTotal` has counted it
 * (`countedAt`): ADDs made before that (a stage with older items) are not a total.
 */
export type StageTotal = 'location' | 'organization' | 'user';

const counterName = (kind: StageTotal) => `stageTotal#${kind}`;

type Transaction = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];

/** The transaction item that moves a stage total by `by` (1 for a create, -1 for a delete). */
export const stageTotalMoved = ({ counter }: Pick<Transaction, 'counter'>, kind: StageTotal, by: number) =>
  counter.update({ name: counterName(kind) }).add({ value: by }).commit();

/** Moves a stage total by `by` on its own: after a bulk load's batches, which are not transactions. */
export const moveStageTotal = (db: DataService, kind: StageTotal, by: number) =>
  db.entities.counter.update({ name: counterName(kind) }).add({ value: by }).go();

/** The stage's total of a kind, or null until it has been counted. One GetItem. */
export const stageTotal = async (db: DataService, kind: StageTotal): Promise<number | null> => {
  const { data } = await db.entities.counter.get({ name: counterName(kind) }).go();
  return data?.countedAt === undefined ? null : data.value;
};

const COUNT_ATTEMPTS = 5;

/**
 * Counts a stage total once (`count`: the index's count) and stores it, unless it has been counted already.
 * The store is conditional on the counter's value as read before counting, so a create or delete that
 * commits while it counts (its ADD moves the value) makes it count again; it runs beside the API. Answers
 * whether it stored a count.
 */
export const countStageTotal = async (
  db: DataService,
  kind: StageTotal,
  count: () => Promise<number>,
): Promise<boolean> => {
  const name = counterName(kind);
  for (let attempt = 0; attempt < COUNT_ATTEMPTS; attempt++) {
    const { data: before } = await db.entities.counter.get({ name }).go();
    if (before?.countedAt !== undefined) return false;
    const counted = { value: await count(), countedAt: new Date().toISOString() };
    const stored = await writeIf(
      before
        ? db.entities.counter
            .patch({ name })
            .set(counted)
            .where(({ value }, { eq }) => eq(value, before.value))
            .go()
        : db.entities.counter.create({ name, ...counted }).go(),
    );
    if (stored) return true;
  }
  throw new Error(`The stage's ${kind} total kept changing while it was counted`);
};
