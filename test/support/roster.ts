import type { BodyOf } from './api.ts';

export type RosterUnitBody = BodyOf<'roster.import'>['units'][number];

/** A roster unit as an import sends it: rented, paid, not overlocked, 10x10, unless told. */
export const rosterUnit = (number: string, over: Partial<RosterUnitBody> = {}): RosterUnitBody => ({
  number,
  status: 'rented',
  delinquent: false,
  overlocked: false,
  size: '10x10',
  ...over,
});
