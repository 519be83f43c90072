// The order vitest runs test files in (vitest.config.ts's `sequence.sequencer`): vitest's own (project by project,
// failed first, then the slowest first), with each project's files of one environment next to each other.
//
// Why: a project with `isolate: false` keeps its worker (its module graph, its jsdom) for the next file only when that
// file is of the same project and environment. vitest's order mixes a project's `// @vitest-environment` files in by
// duration, so every switch ended a worker and started another, which loaded the project's modules again (core's three
// jsdom files and testing's three made 7 + 8 workers of core's and testing's 25 + 16 files; with the environments
// grouped, a project needs at most two workers per environment, one per worker slot).
import { readFileSync } from 'node:fs';
import { BaseSequencer } from 'vitest/node';

/** The environment a test file asks for in its docblock (as vitest reads it), or its project's. */
export function environmentOf(code, projectEnvironment = 'node') {
  return /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(code)?.[1] ?? projectEnvironment;
}

/**
 * Reorders `specs` (already in vitest's order, each project's files together): within each run of one project's files,
 * the files of one environment together, the groups in the order of their first file, each group's files in their
 * order.
 */
export function groupByEnvironment(specs, environment) {
  const result = [];
  let block = [];
  const flush = () => {
    const groups = new Map();
    for (const spec of block) {
      const name = environment(spec);
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(spec);
    }
    for (const group of groups.values()) result.push(...group);
    block = [];
  };
  for (const spec of specs) {
    if (block.length > 0 && block[0].project !== spec.project) flush();
    block.push(spec);
  }
  flush();
  return result;
}

export default class EnvironmentGroupingSequencer extends BaseSequencer {
  async sort(files) {
    const sorted = await super.sort(files);
    const environment = (spec) => {
      let code = '';
      try {
        code = readFileSync(spec.moduleId, 'utf8');
      } catch {
        // Unreadable here: vitest reports it when it runs the file.
      }
      return environmentOf(code, spec.project.config.environment);
    };
    return groupByEnvironment(sorted, environment);
  }
}
