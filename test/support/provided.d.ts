import type { StandInsInfo } from '../../infra/local/standins/index.ts';

/** What test/support/global-setup.ts provides to every test file of the project (read with `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    standIns: StandInsInfo;
  }
}
