import type { HostReady } from '../../support/host-process.ts';

/** What ./global-setup.ts provides to the journeys (read with `inject('e2e')`). */
declare module 'vitest' {
  export interface ProvidedContext {
    e2e: HostReady & {
      /** The run's one Chromium: connect with chromium.connect(). */
      browserWsEndpoint: string;
      /** aws-ses-v2-local, whose store holds the mails sent. */
      ses: string;
    };
  }
}
