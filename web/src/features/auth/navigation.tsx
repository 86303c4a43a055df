import { createContext, useContext, type ReactNode } from 'react';

/**
 * Every page of the sign-in app is a document of its own (prerendered, web/src/prerender.tsx), and the app
 * under /app is another: moving between them loads the next document. Tests provide their own `navigate`.
 */
export type Navigate = (url: string) => void;

const documentNavigation: Navigate = (url) => window.location.assign(url);
const NavigationContext = createContext<Navigate>(documentNavigation);

export const NavigationProvider = ({ navigate, children }: { navigate: Navigate; children: ReactNode }) => (
  <NavigationContext.Provider value={navigate}>{children}</NavigationContext.Provider>
);

export const useNavigate = (): Navigate => useContext(NavigationContext);
