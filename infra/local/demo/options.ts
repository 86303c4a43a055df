import { parseArgs } from 'node:util';
import { DEMO_MAX_COMPANIES, DEMO_MAX_SIZE } from './generate.ts';

/** `npm run seed:demo`'s options, read from its command line. */
export interface SeedDemoOptions {
  seed: number;
  /** Locations per company. */
  size: number;
  companies: number;
  days: number;
  /** Only the reports of the last N days keep their completed markers; absent, all do. */
  completedMarkerDays?: number;
}

export const SEED_DEMO_USAGE =
  'Usage: npm run seed:demo -- [--seed 1] [--size 20] [--companies 1] [--days 90] [--completed-marker-days N]';

/** A refused option: its message names the option and what it takes. */
export class SeedDemoOptionError extends Error {
  override name = 'SeedDemoOptionError';
}

const MAX_SEED = 2 ** 31 - 1;
const MAX_DAYS = 365;

const wholeNumber = (name: string, value: string | undefined, min: number, max: number): number => {
  const number = Number(value);
  if (value === undefined || !/^\d+$/.test(value.trim()) || number < min || number > max) {
    throw new SeedDemoOptionError(`--${name} is a whole number from ${min} to ${max}, not "${value ?? ''}"`);
  }
  return number;
};

export const parseSeedDemoOptions = (args: readonly string[]): SeedDemoOptions => {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        seed: { type: 'string', default: '1' },
        size: { type: 'string', default: '20' },
        companies: { type: 'string', default: '1' },
        days: { type: 'string', default: '90' },
        'completed-marker-days': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // node:util names the unknown option or the missing value.
    throw new SeedDemoOptionError(`${(error as Error).message}. ${SEED_DEMO_USAGE}`);
  }
  const days = wholeNumber('days', values.days, 1, MAX_DAYS);
  const completedMarkerDays = values['completed-marker-days'];
  return {
    seed: wholeNumber('seed', values.seed, 0, MAX_SEED),
    size: wholeNumber('size', values.size, 1, DEMO_MAX_SIZE),
    companies: wholeNumber('companies', values.companies, 1, DEMO_MAX_COMPANIES),
    days,
    ...(completedMarkerDays === undefined
      ? {}
      : { completedMarkerDays: wholeNumber('completed-marker-days', completedMarkerDays, 0, days) }),
  };
};
