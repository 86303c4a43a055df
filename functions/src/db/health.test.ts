import { describe, expect, it } from 'vitest';
import { counterEntity } from './entities/counter.ts';
import { healthItemKey } from './health.ts';

describe('the health check', () => {
  it('reads the key ElectroDB gives the health counter, without ElectroDB', () => {
    const { Key } = counterEntity.get({ name: 'health' }).params({ table: 'sitewalk' });
    expect(healthItemKey).toEqual(Key);
  });
});
