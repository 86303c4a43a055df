import { Entity as ElectroEntity } from 'electrodb';

/**
 * ElectroDB's Entity without its model check at construction. That check (jsonschema over the model, twice,
 * for every entity, and again for each service's copies) took about a third of every function's cold start
 * (test/bench/cold-start.bench.ts). The models are constant code: entity.test.ts checks every one of them with
 * ElectroDB's own validation, so a malformed model still fails the tests rather than a Lambda's first call.
 */
class UncheckedEntity extends (ElectroEntity as new (...args: never[]) => object) {
  /** Replaces ElectroDB's `_validateModel` (not in its types), which its constructor calls. */
  _validateModel(): void {}
}

/** ElectroDB's Entity, as its types describe it; constructed without the model check. */
export const Entity = UncheckedEntity as unknown as typeof ElectroEntity;
