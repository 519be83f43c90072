// The project lists of `npm test`, `test:unit`, `test:integration`, `test:browser` and `test:quick`
// (scripts/test-projects.mjs) cover the vitest config: a project added to vitest.config.ts and to no list would run in
// no script.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';
import { BROWSER_PROJECTS, INTEGRATION_PROJECTS, QUICK_PROJECTS, QUICK_RUNS, UNIT_PROJECTS, projectArgs } from './test-projects.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const scripts = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts;
const projects = config.test.projects.map((project) => project.test.name);
/** The projects a `vitest run --project a --project b` script selects. */
const selected = (script) => [...script.matchAll(/--project (\S+)/g)].map((match) => match[1]);

describe('the test scripts\' projects', () => {
  it('unit, integration and browser lists split the config\'s projects, each project in one of them', () => {
    const lists = [UNIT_PROJECTS, INTEGRATION_PROJECTS, BROWSER_PROJECTS];
    expect(lists.flat().sort()).toEqual([...projects].sort());
    expect(new Set(lists.flat()).size).toBe(lists.flat().length);
  });

  it('test:unit, test:integration and test:browser run exactly those lists; test:quick a part of the unit projects', () => {
    expect(selected(scripts['test:unit'])).toEqual(UNIT_PROJECTS);
    expect(selected(scripts['test:integration'])).toEqual(INTEGRATION_PROJECTS);
    expect(selected(scripts['test:browser'])).toEqual(BROWSER_PROJECTS);
    expect(QUICK_PROJECTS.every((name) => UNIT_PROJECTS.includes(name))).toBe(true);
    expect(projectArgs(['core', 'ui'])).toEqual(['--project', 'core', '--project', 'ui']);
    expect(scripts.test).toBe('node scripts/test.mjs');
    expect(scripts['test:quick']).toBe('node scripts/test-quick.mjs');
  });

  it("test:quick's side-by-side runs take each of its projects once", () => {
    expect(QUICK_PROJECTS.slice().sort()).toEqual(['core', 'react', 'server', 'testing', 'ui', 'ui-isolated']);
    expect(new Set(QUICK_PROJECTS).size).toBe(QUICK_PROJECTS.length);
    expect(QUICK_RUNS.every((run) => run.projects.length > 0 && (run.workers === 'shared' || run.workers >= 1))).toBe(true);
  });
});
