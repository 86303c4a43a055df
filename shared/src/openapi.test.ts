import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.ts';
import { routes } from './contract/index.ts';

describe('the OpenAPI document', () => {
  const document = openApiDocument();
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods)) as {
    operationId: string;
    security: unknown[];
  }[];

  it('has one operation per contract route', () => {
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(routes).sort());
  });

  it('asks for a bearer token exactly on protected routes', () => {
    const login = operations.find((o) => o.operationId === 'auth.login');
    const me = operations.find((o) => o.operationId === 'auth.me');
    expect(login?.security).toEqual([]);
    expect(me?.security).toEqual([{ cognito: [] }]);
  });

  it('serializes to JSON', () => {
    expect(() => JSON.stringify(document)).not.toThrow();
  });
});
