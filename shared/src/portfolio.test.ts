import { describe, expect, it } from 'vitest';
import { compareAttention, matchesAttention, todayStateOf, type AttentionFacts } from './portfolio.ts';

const none = { 1: 0, 2: 0, 3: 0 };
const facts = (state: AttentionFacts['state'], open = none): AttentionFacts => ({
  state,
  openIncidents: open,
});

describe('todayStateOf', () => {
  it('is noWindows with no window, and the worst of the windows otherwise', () => {
    expect(todayStateOf([])).toBe('noWindows');
    expect(todayStateOf(['done', 'missed', 'dueSoon'])).toBe('missed');
    expect(todayStateOf(['done', 'dueSoon', 'upcoming'])).toBe('dueSoon');
    expect(todayStateOf(['late', 'upcoming'])).toBe('walked');
    expect(todayStateOf(['incomplete'])).toBe('walked');
    expect(todayStateOf(['open', 'inProgress', 'upcoming'])).toBe('pending');
  });
});

describe('compareAttention', () => {
  it('puts missed, then due soon, then open critical incidents (more first), then the rest', () => {
    const sorted = [
      facts('walked'),
      facts('pending', { 1: 1, 2: 0, 3: 0 }),
      facts('dueSoon'),
      facts('walked', { 1: 3, 2: 0, 3: 0 }),
      facts('missed'),
      facts('noWindows', { 1: 0, 2: 4, 3: 0 }),
    ].sort(compareAttention);
    expect(sorted.map((f) => `${f.state}:${f.openIncidents[1]}:${f.openIncidents[2]}`)).toEqual([
      'missed:0:0',
      'dueSoon:0:0',
      'walked:3:0',
      'pending:1:0',
      'noWindows:0:4',
      'walked:0:0',
    ]);
  });
});

describe('matchesAttention', () => {
  it('names the locations of each summary figure', () => {
    const at = { ...facts('walked', { 1: 0, 2: 2, 3: 0 }), flaggedReportsLastWeek: 0 };
    expect(matchesAttention('walked', at)).toBe(true);
    expect(matchesAttention('missed', at)).toBe(false);
    expect(matchesAttention('openPriority2', at)).toBe(true);
    expect(matchesAttention('openPriority1', at)).toBe(false);
    expect(matchesAttention('flagged', at)).toBe(false);
    expect(matchesAttention('flagged', { ...at, flaggedReportsLastWeek: 1 })).toBe(true);
  });
});
