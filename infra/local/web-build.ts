import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newestMtime = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
};

/** The SPA needs building when web/dist is missing or older than any of its sources. */
export const webBuildIsStale = (root: string): boolean => {
  const built = join(root, 'web/dist/pages.json');
  if (!existsSync(built)) return true;
  const sources = [
    'web/src',
    'web/scripts',
    'web/app.html',
    'web/sign-in.html',
    'web/public-page.html',
    'web/vite.config.ts',
    'web/chunk-groups.ts',
    'web/pwa.config.ts',
    'web/public',
    'shared/src',
  ];
  return Math.max(...sources.map((s) => newestMtime(join(root, s)))) > statSync(built).mtimeMs;
};

export const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
