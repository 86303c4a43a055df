import type { StandInsInfo } from '../../infra/local/standins/index.ts';
import type { HostReady } from './host-process.ts';

/** What the globalSetup files of test/support provide to the test files (read with `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    standIns: StandInsInfo;
    /** The contract tier's one host (./shared-host-setup.ts). */
    sharedHost: HostReady;
  }
}
