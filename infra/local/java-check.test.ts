import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertJava } from './standins/index.ts';

const original = process.env.JAVA_HOME;
afterEach(() => {
  if (original === undefined) delete process.env.JAVA_HOME;
  else process.env.JAVA_HOME = original;
});

/** A JAVA_HOME whose bin/java prints what a given Java version prints. */
const fakeJava = (versionLine: string) => {
  const home = mkdtempSync(join(tmpdir(), 'fake-java-'));
  mkdirSync(join(home, 'bin'));
  writeFileSync(join(home, 'bin', 'java'), `#!/bin/sh\necho '${versionLine}' >&2\n`);
  chmodSync(join(home, 'bin', 'java'), 0o755);
  return home;
};

describe('the Java check before DynamoDB Local starts', () => {
  it('says Java 17+ is needed and how to install it when there is no Java', () => {
    process.env.JAVA_HOME = '/nonexistent-java-home';
    expect(() => assertJava()).toThrow(/Java 17\+.*\n.*apt-get install -y openjdk-17-jre-headless/);
  });

  it('refuses Java 8 by name', () => {
    process.env.JAVA_HOME = fakeJava('openjdk version "1.8.0_402"');
    expect(() => assertJava()).toThrow(/found Java 8/);
  });

  it('accepts Java 17', () => {
    process.env.JAVA_HOME = fakeJava('openjdk version "17.0.15" 2025-04-15');
    expect(() => assertJava()).not.toThrow();
  });
});
