import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { entities } from './service.ts';
import { Entity } from './entities/entity.ts';
import { Validator } from './bundled-jsonschema.ts';

/** ElectroDB's own question, as its Service asks it of every entity it joins (electrodb/src/util.js). */
const { testModel } = createRequire(import.meta.url)('electrodb/src/validations.js') as {
  testModel: (instance: unknown) => [boolean, string];
};

describe('jsonschema as the Lambda bundles have it', () => {
  it.each(Object.entries(entities))(
    '%s: the real check finds an Entity no model, the answer the bundles’ stand-in gives',
    (_name, entity) => {
      expect(testModel(new Entity(entity.schema))[0]).toBe(false);
    },
  );

  it('the real check still finds a model a model (the question is a real one)', () => {
    expect(testModel(entities.counter.schema)[0]).toBe(true);
  });

  it('loads as ElectroDB loads it, and fails every check it is asked for', () => {
    const prototype = Validator.prototype as unknown as { customFormats: Record<string, unknown> };
    prototype.customFormats.isFunction = () => true;
    const validator = new Validator();
    validator.addSchema();
    expect(() => validator.validate()).toThrow(/left out of the Lambda bundles/);
  });
});
