import type { QueryClient } from '@tanstack/react-query';

/**
 * What the session needs from the app: its query client and its router. A module of its own, so the
 * entry wires them without loading the API client (the landing page loads no contract).
 */
export interface SessionHost {
  queryClient: QueryClient;
  /** Client-side navigation (the router's); it replaces the current entry. */
  navigate: (to: string) => Promise<void> | void;
  pathname: () => string;
}

let host: SessionHost | null = null;

export const setSessionHost = (sessionHost: SessionHost) => {
  host = sessionHost;
};

export const getSessionHost = (): SessionHost | null => host;
