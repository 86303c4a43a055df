import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { startStandIns } from '../../../infra/local/standins/index.ts';
import { provision } from '../../../infra/local/provision.ts';
import { localEnvironment } from '../../../infra/local/standins/env.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The stand-ins of an HTTP bench, their data kept under .data/<dataName> so a data set is built once, and the
 * environment the functions read set on this process: import the functions' modules after this resolves.
 */
export const startBenchStage = async (dataName: string) => {
  const standIns = await startStandIns({ dataDir: join(root, '.data', dataName), workload: 'bulk' });
  const provisioned = await provision(standIns, {
    tableName: 'sitewalk-bench',
    bucketName: 'sitewalk-bench-uploads',
    userPoolName: 'sitewalk-bench',
    appOrigin: 'http://localhost:0',
  });
  Object.assign(
    process.env,
    localEnvironment(standIns, provisioned, {
      appUrl: 'http://localhost:0',
      mailFrom: 'bench@sitewalk.local',
      pinKey: randomBytes(32).toString('base64'),
      auditKey: randomBytes(32).toString('base64'),
      anchorDir: mkdtempSync(join(tmpdir(), 'sitewalk-anchors-')),
    }),
  );
  return { standIns, provisioned };
};
