// The project lists of `npm test`, `test:unit`, `test:browser` and `test:quick` (scripts/test-projects.mjs) cover the
// vitest config: a project added to vitest.config.ts and to neither list would run in no script.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';
import { BROWSER_PROJECTS, QUICK_PROJECTS, UNIT_PROJECTS, projectArgs } from './test-projects.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const scripts = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts;
const projects = config.test.projects.map((project) => project.test.name);
/** The projects a `vitest run --project a --project b` script selects. */
const selected = (script) => [...script.matchAll(/--project (\S+)/g)].map((match) => match[1]);

describe('the test scripts\' projects', () => {
  it('unit and browser lists split the config\'s projects, each project in one of them', () => {
    expect([...UNIT_PROJECTS, ...BROWSER_PROJECTS].sort()).toEqual([...projects].sort());
    expect(UNIT_PROJECTS.filter((name) => BROWSER_PROJECTS.includes(name))).toEqual([]);
  });

  it('test:unit and test:browser run exactly those lists; test:quick a part of the unit projects', () => {
    expect(selected(scripts['test:unit'])).toEqual(UNIT_PROJECTS);
    expect(selected(scripts['test:browser'])).toEqual(BROWSER_PROJECTS);
    expect(QUICK_PROJECTS.every((name) => UNIT_PROJECTS.includes(name))).toBe(true);
    expect(projectArgs(['core', 'ui'])).toEqual(['--project', 'core', '--project', 'ui']);
    expect(scripts.test).toBe('node scripts/test.mjs');
    expect(scripts['test:quick']).toBe('node scripts/test-quick.mjs');
  });
});
