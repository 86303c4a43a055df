import type { DataService } from './service.ts';

/** The kinds of object that get numeric ids (the specs' ids are numbers; people quote incident numbers). */
export type CounterName =
  | 'managementCompany'
  | 'organization'
  | 'location'
  | 'user'
  | 'walk'
  | 'marker'
  | 'walkReport'
  | 'completedMarker'
  | 'walkNote'
  | 'incident'
  | 'incidentNote'
  | 'incidentText'
  | 'tablePreference'
  | 'alert'
  | 'task'
  | 'taskComment'
  | 'lockCheck';

/** The next id for a kind: one atomic ADD, so two concurrent callers never get the same number. */
export const nextId = async (db: DataService, name: CounterName): Promise<number> => {
  const { data } = await db.entities.counter.update({ name }).add({ value: 1 }).go({ response: 'all_new' });
  if (data.value === undefined) throw new Error(`Counter ${name} returned no value`);
  return data.value;
};

/** A block of `count` consecutive ids in one atomic ADD (the markers of a walk). */
export const nextIds = async (db: DataService, name: CounterName, count: number): Promise<number[]> => {
  const { data } = await db.entities.counter
    .update({ name })
    .add({ value: count })
    .go({ response: 'all_new' });
  if (data.value === undefined) throw new Error(`Counter ${name} returned no value`);
  const last = data.value;
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
};
