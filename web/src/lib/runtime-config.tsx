import { createContext, useContext, type ReactNode } from 'react';
import { RUNTIME_CONFIG_PATH, runtimeConfig, type RuntimeConfig } from '@sitewalk/shared/runtime-config';

/** `/config.json`, written at deploy time (and served by the local host): one build serves every stage. */
export const loadRuntimeConfig = async (fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> => {
  const response = await fetchFn(RUNTIME_CONFIG_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  return runtimeConfig.parse(await response.json());
};

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export const RuntimeConfigProvider = ({ value, children }: { value: RuntimeConfig; children: ReactNode }) => (
  <RuntimeConfigContext.Provider value={value}>{children}</RuntimeConfigContext.Provider>
);

/** The runtime configuration; main.tsx loads it before the first render, so it is always there. */
export const useRuntimeConfig = (): RuntimeConfig => {
  const config = useContext(RuntimeConfigContext);
  if (!config)
    throw new Error('useRuntimeConfig needs a RuntimeConfigProvider (main.tsx, or renderWithProviders)');
  return config;
};
