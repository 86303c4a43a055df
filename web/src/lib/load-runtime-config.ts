import { RUNTIME_CONFIG_PATH, runtimeConfig, type RuntimeConfig } from '@sitewalk/shared/runtime-config';

/** `/config.json`, written at deploy time (and served by the local host): one build serves every stage. */
export const loadRuntimeConfig = async (fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> => {
  const response = await fetchFn(RUNTIME_CONFIG_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  return runtimeConfig.parse(await response.json());
};
