import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod';
import { defineRoute } from '@sitewalk/shared/contract/route';
import { routes as contract } from '@sitewalk/shared/contract/index';
import { ApiError, ContractViolationError, createApiClient } from './api-client.ts';

const routes = {
  'health.get': contract['health.get'],
  'thing.get': defineRoute({
    method: 'GET',
    path: '/api/thing/{id}/{name}',
    resource: 'health',
    access: 1,
    source: 'added',
    summary: 'test',
    params: z.object({ id: z.coerce.number(), name: z.string() }),
    query: z.object({ limit: z.coerce.number().optional(), searchTerm: z.string().optional() }),
    response: z.object({ id: z.number() }),
  }),
  'thing.put': defineRoute({
    method: 'PUT',
    path: '/api/thing',
    resource: 'health',
    access: 1,
    source: 'added',
    summary: 'test',
    body: z.object({ name: z.string() }),
    response: z.object({}),
    status: 204,
  }),
};

type Reply = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let expected: Reply | null = null;
let unexpected: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const reply = expected;
      expected = null;
      if (!reply) {
        unexpected.push(`${req.method} ${req.url}`);
        res.writeHead(599).end();
        return;
      }
      reply(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  // Every test must have used exactly the request it expected, and nothing else.
  expect(unexpected).toEqual([]);
  expect(expected).toBeNull();
  unexpected = [];
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

const client = (overrides: { onUnauthorized?: () => void } = {}) =>
  createApiClient({ routes, baseUrl, getToken: () => 'tok', ...overrides });

describe('the typed API client', () => {
  it('sends no token to a public route and parses its answer', async () => {
    let authorization: string | undefined = 'unset';
    expected = (req, _body, res) => {
      authorization = req.headers.authorization;
      json(res, 200, { status: 'ok', time: new Date().toISOString() });
    };
    const health = await client()('health.get');
    expect(health.status).toBe('ok');
    expect(authorization).toBeUndefined();
  });

  it('encodes path parameters, builds the query without undefined values and sends the bearer token', async () => {
    let seen: { url?: string; authorization?: string } = {};
    expected = (req, _body, res) => {
      seen = { url: req.url, authorization: req.headers.authorization };
      json(res, 200, { id: 7 });
    };
    const thing = await client()('thing.get', {
      params: { id: 7, name: 'Ann Lee/2' },
      query: { limit: 10, searchTerm: undefined },
    });
    expect(thing).toEqual({ id: 7 });
    expect(seen).toEqual({ url: '/api/thing/7/Ann%20Lee%2F2?limit=10', authorization: 'Bearer tok' });
  });

  it('sends the body as JSON and takes a 204 as no content', async () => {
    let received = '';
    expected = (req, body, res) => {
      received = `${req.method} ${req.headers['content-type']} ${body}`;
      res.writeHead(204).end();
    };
    await expect(client()('thing.put', { body: { name: 'x' } })).resolves.toBeUndefined();
    expect(received).toBe('PUT application/json {"name":"x"}');
  });

  it('rejects an answer the contract does not allow', async () => {
    expected = (_req, _body, res) => json(res, 200, { id: 'seven' });
    await expect(client()('thing.get', { params: { id: 7, name: 'a' } })).rejects.toBeInstanceOf(
      ContractViolationError,
    );
  });

  it('throws an ApiError with the envelope and the field errors of a 400', async () => {
    expected = (_req, _body, res) =>
      json(res, 400, {
        success: false,
        error: 'Bad Request',
        message: 'name: Required; email: Invalid email: use name@host',
        validationErrors: { name: ['Required'], email: ['Invalid email: use name@host'] },
      });
    const error = await client()('thing.put', { body: { name: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('name: Required; email: Invalid email: use name@host');
    expect(apiError.fieldErrors()).toEqual({ name: 'Required', email: 'Invalid email: use name@host' });
  });

  it('calls onUnauthorized on a 401', async () => {
    let called = 0;
    expected = (_req, _body, res) =>
      json(res, 401, {
        success: false,
        error: 'Unauthorized',
        message: 'Unauthorized',
        validationErrors: null,
      });
    await expect(
      client({ onUnauthorized: () => (called += 1) })('thing.get', { params: { id: 1, name: 'a' } }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(called).toBe(1);
  });

  it('keeps the status text when the failure has no envelope', async () => {
    expected = (_req, _body, res) => res.writeHead(502, 'Bad Gateway').end('<html>');
    await expect(client()('health.get')).rejects.toMatchObject({
      status: 502,
      body: null,
      message: 'Bad Gateway',
    });
  });

  it('abandons a call after its timeout', async () => {
    expected = (_req, _body, res) => setTimeout(() => json(res, 200, { id: 1 }), 500);
    await expect(
      client()('thing.get', { params: { id: 1, name: 'a' }, timeoutMs: 50 }),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the server finish its late answer
  });
});
