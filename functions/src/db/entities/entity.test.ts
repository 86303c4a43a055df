import { describe, expect, it } from 'vitest';
import { Entity as ElectroEntity } from 'electrodb';
import { entities } from '../service.ts';
import { Entity } from './entity.ts';

describe('entities built without the model check', () => {
  it.each(Object.entries(entities))('%s: its model passes ElectroDB’s own check', (_name, entity) => {
    expect(() => new ElectroEntity(entity.schema)).not.toThrow();
  });

  // The Lambda bundles have no JSON-schema validator (functions/src/db/bundled-jsonschema.ts): an entity built
  // with ElectroDB's own Entity would fail their cold start, and cost every other one the check.
  it.each(Object.entries(entities))('%s: built with the Entity that skips the check', (_name, entity) => {
    expect(entity).toBeInstanceOf(Entity);
  });

  it('ElectroDB’s check would refuse a malformed model, and Entity is still ElectroDB’s', () => {
    const malformed = {
      model: { entity: 'broken', version: '1', service: 'bench' },
      attributes: { name: { type: 'no-such-type' } },
      indexes: { primary: { pk: { field: 'pk', composite: ['name'] } } },
    };
    expect(() => new ElectroEntity(malformed as never)).toThrow();
    expect(new Entity(entities.counter.schema)).toBeInstanceOf(ElectroEntity);
  });
});
