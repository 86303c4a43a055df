import { describe, expect, it } from 'vitest';
import { parseSeedDemoOptions } from './options.ts';

describe("seed:demo's options", () => {
  it('default to one company of 20 locations over 90 days, every completed marker kept', () => {
    expect(parseSeedDemoOptions([])).toEqual({ seed: 1, size: 20, companies: 1, days: 90 });
  });

  it('take the large tenant and several companies, in either spelling', () => {
    expect(
      parseSeedDemoOptions([
        '--size',
        '500',
        '--days',
        '30',
        '--completed-marker-days',
        '1',
        '--companies=3',
      ]),
    ).toEqual({ seed: 1, size: 500, companies: 3, days: 30, completedMarkerDays: 1 });
  });

  it.each([
    [['--size', '0'], '--size is a whole number from 1 to 1000, not "0"'],
    [['--size', '5000'], '--size is a whole number from 1 to 1000, not "5000"'],
    [['--size', '12.5'], '--size is a whole number from 1 to 1000, not "12.5"'],
    [['--size', 'many'], '--size is a whole number from 1 to 1000, not "many"'],
    [['--companies', '0'], '--companies is a whole number from 1 to 50, not "0"'],
    [['--companies', '51'], '--companies is a whole number from 1 to 50, not "51"'],
    [['--days', '0'], '--days is a whole number from 1 to 365, not "0"'],
    [['--seed=-1'], '--seed is a whole number from 0 to 2147483647, not "-1"'],
    [
      ['--days', '7', '--completed-marker-days', '8'],
      '--completed-marker-days is a whole number from 0 to 7, not "8"',
    ],
  ])('refuse %j with a message naming the option and what it takes', (args, message) => {
    expect(() => parseSeedDemoOptions(args)).toThrow(message);
  });

  it('refuse an unknown option, a missing value or a stray word, with the usage', () => {
    expect(() => parseSeedDemoOptions(['--checkpoint-days', '1'])).toThrow(
      /Unknown option '--checkpoint-days'.*Usage: npm run seed:demo/,
    );
    expect(() => parseSeedDemoOptions(['--size'])).toThrow(/--size.*argument missing.*Usage/);
    expect(() => parseSeedDemoOptions(['500'])).toThrow(/Unexpected argument '500'.*Usage/);
  });
});
