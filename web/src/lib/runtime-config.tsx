import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from '@sitewalk/shared/runtime-config';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export const RuntimeConfigProvider = ({ value, children }: { value: RuntimeConfig; children: ReactNode }) => (
  <RuntimeConfigContext.Provider value={value}>{children}</RuntimeConfigContext.Provider>
);

/** The runtime configuration; start-app.tsx loads it before the first render, so it is always there. */
export const useRuntimeConfig = (): RuntimeConfig => {
  const config = useContext(RuntimeConfigContext);
  if (!config)
    throw new Error('useRuntimeConfig needs a RuntimeConfigProvider (start-app.tsx, or renderWithProviders)');
  return config;
};
