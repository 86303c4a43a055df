import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { loadRuntimeConfig, SAVED_CONFIG_KEY } from './load-runtime-config.ts';

const config: RuntimeConfig = {
  apiBasePath: '/api',
  region: 'local',
  mapStyleUrl: 'http://localhost:3000/map/style.json',
  contactEmail: 'hello@sitewalk.test',
  contactName: 'Pat Example',
};

/** This project runs in Node, which has no localStorage: a Map stands in. */
const stubStorage = () => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  return items;
};

const answering = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
const noNetwork = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
}) as unknown as typeof fetch;

let items: Map<string, string>;
beforeEach(() => {
  items = stubStorage();
});
afterEach(() => vi.unstubAllGlobals());

describe('loadRuntimeConfig', () => {
  it('loads /config.json and keeps it on the device', async () => {
    await expect(loadRuntimeConfig(answering(200, config))).resolves.toEqual(config);
    expect(JSON.parse(items.get(SAVED_CONFIG_KEY) ?? 'null')).toEqual(config);
  });

  it('with no network, uses the one kept', async () => {
    await loadRuntimeConfig(answering(200, config));
    await expect(loadRuntimeConfig(noNetwork)).resolves.toEqual(config);
  });

  it('with no network and none kept, fails with the network error', async () => {
    await expect(loadRuntimeConfig(noNetwork)).rejects.toBeInstanceOf(TypeError);
  });

  it.each([404, 500])('on a %i answer, fails even with one kept (the server is there)', async (status) => {
    await loadRuntimeConfig(answering(200, config));
    await expect(loadRuntimeConfig(answering(status, {}))).rejects.toThrow(`/config.json answered ${status}`);
  });

  it('does not keep a config that does not parse, and ignores a kept one that does not', async () => {
    await expect(loadRuntimeConfig(answering(200, { region: 3 }))).rejects.toThrow();
    expect(items.has(SAVED_CONFIG_KEY)).toBe(false);
    items.set(SAVED_CONFIG_KEY, '{"not":"a config"}');
    await expect(loadRuntimeConfig(noNetwork)).rejects.toBeInstanceOf(TypeError);
  });
});
