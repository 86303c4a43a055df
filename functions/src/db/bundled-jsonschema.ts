/**
 * What the Lambda bundles get for `jsonschema` (an esbuild alias in `lambdaBundling`, 28 KB less in each). ElectroDB
 * loads it to check models against its JSON schema, a check SiteWalk's Entity skips (entities/entity.ts;
 * entity.test.ts runs the real one over every model). ElectroDB asks it one more thing at run time: whether each
 * entity a Service joins is a model rather than an Entity (`testModel`, which counts a failed check as "no"). The
 * throw below is that "no", the answer the real check gives for every Entity instance (bundled-jsonschema.test.ts),
 * and it saves the schema walk over each of them at every cold start.
 */
export class Validator {
  addSchema(): void {}

  validate(): never {
    throw new Error(
      'jsonschema is left out of the Lambda bundles; ElectroDB models are checked in entity.test.ts',
    );
  }
}

// ElectroDB adds its custom formats to the prototype's `customFormats` as it loads.
Object.assign(Validator.prototype, { customFormats: {} });
