import { RUNTIME_CONFIG_PATH, runtimeConfig, type RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { isNetworkError } from './network-error.ts';

/** The last runtime configuration that loaded, for a start with no network (the installed app offline). */
export const SAVED_CONFIG_KEY = 'sitewalk.config';

const saved = (): RuntimeConfig | null => {
  try {
    const text = localStorage.getItem(SAVED_CONFIG_KEY);
    if (!text) return null;
    const parsed = runtimeConfig.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const save = (config: RuntimeConfig) => {
  try {
    localStorage.setItem(SAVED_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // storage full or refused: the next offline start has no config, as before
  }
};

/**
 * `/config.json`, written at deploy time (and served by the local host): one build serves every stage.
 * Each one that loads is kept on the device; when no answer comes at all (offline), the kept one is used.
 * An answer that is not 200 (a 404, a 500) is an error as before: the server is there and something is wrong.
 */
export const loadRuntimeConfig = async (fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> => {
  let response: Response;
  try {
    // As web/app.html's preload asks for it (no headers of its own), so the browser hands this fetch its answer.
    response = await fetchFn(RUNTIME_CONFIG_PATH);
  } catch (error) {
    const config = isNetworkError(error) ? saved() : null;
    if (config) return config;
    throw error;
  }
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  const config = runtimeConfig.parse(await response.json());
  save(config);
  return config;
};
