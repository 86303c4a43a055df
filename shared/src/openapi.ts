import * as z from 'zod';
import { routes } from './contract/index.ts';
import type { RouteDef } from './contract/route.ts';
import { errorBody } from './envelope.ts';
import { roleNames } from './roles.ts';

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }); // JSON Schema 2020-12, as OpenAPI 3.1 uses

const parametersOf = (schema: z.ZodObject | undefined, where: 'path' | 'query') =>
  Object.entries(schema?.shape ?? {}).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: schemaOf(field as z.ZodType, 'input'),
  }));

/** The OpenAPI 3.1 document of the contract: one operation per route. */
export const openApiDocument = () => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
    const status = String(route.status ?? 200);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: name,
      summary: route.summary,
      tags: [route.resource],
      security: route.access === 'public' ? [] : [{ cognito: [] }],
      description:
        route.access === 'public' ? 'Public.' : `Least role: ${roleNames[route.access]} (${route.access}).`,
      parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              ...(route.missingBody
                ? { description: `Without a body: 400 with the message '${route.missingBody}'.` }
                : {}),
              content: { 'application/json': { schema: schemaOf(route.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [status]: {
          description: 'Success',
          content: { 'application/json': { schema: schemaOf(route.response, 'output') } },
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: schemaOf(errorBody, 'output') } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'SiteWalk API', version: '1.0.0' },
    components: { securitySchemes: { cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
};
