import { createContext, useContext, type ReactNode } from 'react';
import type { ShrinkPhoto } from './photos/shrink-photo.ts';
import type { Outbox, RecorderStore } from './store/types.ts';

/**
 * What the recorder's screens write to: the store on the phone and its outbox, and what makes a photo small
 * enough to queue (a Web Worker; tests pass in-memory ones and a fake, as jsdom has no canvas).
 */
export interface RecorderServices {
  store: RecorderStore;
  outbox: Outbox;
  shrinkPhoto: ShrinkPhoto;
}

const RecorderServicesContext = createContext<RecorderServices | null>(null);

export const RecorderServicesProvider = ({
  value,
  children,
}: {
  value: RecorderServices;
  children: ReactNode;
}) => <RecorderServicesContext.Provider value={value}>{children}</RecorderServicesContext.Provider>;

export const useRecorderServices = (): RecorderServices => {
  const services = useContext(RecorderServicesContext);
  if (!services) throw new Error('useRecorderServices is for the recorder, under RecorderServicesProvider');
  return services;
};
