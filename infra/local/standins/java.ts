/** The Java runtime DynamoDB Local runs on. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const javaCommand = (): string =>
  process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';

/** Throws a helpful error unless a Java 17+ runtime answers `java -version`. */
export const assertJava = (): void => {
  const command = javaCommand();
  const result = spawnSync(command, ['-version'], { encoding: 'utf8', timeout: 30_000 });
  const output = `${result.stderr ?? ''}${result.stdout ?? ''}`;
  const version = /version "(\d+)(?:\.(\d+))?/.exec(output);
  // Java 8 and older report "1.8.0_…".
  const major = version ? (version[1] === '1' ? Number(version[2]) : Number(version[1])) : undefined;
  if (result.error === undefined && result.status === 0 && major !== undefined && major >= 17) return;
  const found = result.error
    ? `\`${command} -version\` failed: ${result.error.message}`
    : major !== undefined
      ? `found Java ${major}`
      : `\`${command} -version\` answered: ${output.trim() || `exit code ${String(result.status)}`}`;
  throw new Error(
    `DynamoDB Local needs a Java 17+ runtime (${found}). Install one:\n` +
      '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless\n' +
      '  macOS:         brew install openjdk@17   (then put $(brew --prefix openjdk@17)/bin on PATH or set JAVA_HOME)\n' +
      'and run again.',
  );
};
