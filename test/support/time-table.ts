/**
 * A vitest reporter: at the end of a run, each project's files and wall-clock seconds, and the ten slowest
 * files, so whoever adds the next test sees what it costs (docs/testing.md). Listed before the default
 * reporter in vitest.config.ts, so vitest's own summary still ends the output.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

interface Span {
  start: number;
  end: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class TimeTable implements Reporter {
  private root = process.cwd();
  private readonly spans = new Map<string, Span>();

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleQueued(module: TestModule) {
    this.spans.set(module.id, { start: performance.now(), end: performance.now() });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.id);
    if (span) span.end = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const files = modules.flatMap((module) => {
      const span = this.spans.get(module.id);
      if (!span) return [];
      return [{ project: module.project.name, path: relative(this.root, module.moduleId), ...span }];
    });
    if (files.length === 0) return;
    const projects = new Map<string, typeof files>();
    for (const file of files) projects.set(file.project, [...(projects.get(file.project) ?? []), file]);
    const lines = ['', 'Time by tier (wall clock, first file started to last file ended):'];
    for (const [project, ofProject] of projects) {
      const wall = Math.max(...ofProject.map((f) => f.end)) - Math.min(...ofProject.map((f) => f.start));
      lines.push(
        `  ${project.padEnd(12)} ${String(ofProject.length).padStart(4)} files  ${seconds(wall).padStart(9)}`,
      );
    }
    lines.push('The ten slowest files:');
    for (const file of [...files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 10)) {
      lines.push(`  ${seconds(file.end - file.start).padStart(9)}  ${file.project.padEnd(12)} ${file.path}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
