/**
 * vitest globalSetup of the `contract` project, after ./global-setup.ts (whose stand-ins it uses): one local
 * host for the whole tier (./host-process.ts in a child process), on which each test file makes its own
 * tenants. Test files reach it through startTestHost() (./host.ts); the few that act on the whole stage start
 * their own with startOwnTestHost().
 */
import type { TestProject } from 'vitest/node';
import { startHostChild } from './host-child.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { standIns } = project.getProvidedContext();
  if (!standIns)
    throw new Error('The shared host needs test/support/global-setup.ts listed before this file');
  const host = await startHostChild({ standIns, name: 'contract' });
  project.provide('sharedHost', host.ready);
  return () => host.stop();
}
