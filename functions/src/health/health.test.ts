import { describe, expect, it, vi } from 'vitest';
import { counterEntity } from '../db/entities/counter.ts';

describe('the health check', () => {
  it('reads the key ElectroDB gives the health counter, without ElectroDB', async () => {
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('TABLE_NAME', 'sitewalk');
    const { healthItemKey } = await import('./handler.ts');
    const { Key } = counterEntity.get({ name: 'health' }).params({ table: 'sitewalk' });
    expect(healthItemKey).toEqual(Key);
  });
});
