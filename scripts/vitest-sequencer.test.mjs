// The test order (scripts/vitest-sequencer.mjs): vitest's own, with each project's files of one environment together,
// so that a worker is kept for the next file (same project, same environment) instead of a new one being started.
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';
import EnvironmentGroupingSequencer, { environmentOf, groupByEnvironment } from './vitest-sequencer.mjs';

const spec = (project, name, environment) => ({ project, name, environment });
const names = (specs) => specs.map((item) => item.name);

describe('the test sequencer', () => {
  it('reads a file\'s environment as vitest does: the docblock\'s, else the project\'s', () => {
    expect(environmentOf('// @vitest-environment jsdom\nimport x from "y";', 'node')).toBe('jsdom');
    expect(environmentOf('/**\n * @vitest-environment happy-dom\n */', 'node')).toBe('happy-dom');
    expect(environmentOf('/* @jest-environment node */', 'jsdom')).toBe('node');
    expect(environmentOf('import { it } from "vitest";', 'jsdom')).toBe('jsdom');
    expect(environmentOf('', undefined)).toBe('node');
  });

  it('keeps the projects\' order and each environment\'s files in their order, one group per environment', () => {
    const core = { name: 'core' };
    const ui = { name: 'ui' };
    const sorted = [
      spec(core, 'slow node', 'node'),
      spec(core, 'slow jsdom', 'jsdom'),
      spec(core, 'node 2', 'node'),
      spec(core, 'jsdom 2', 'jsdom'),
      spec(core, 'node 3', 'node'),
      spec(ui, 'ui 1', 'jsdom'),
      spec(ui, 'ui node', 'node'),
      spec(ui, 'ui 2', 'jsdom'),
    ];
    expect(names(groupByEnvironment(sorted, (item) => item.environment))).toEqual(['slow node', 'node 2', 'node 3', 'slow jsdom', 'jsdom 2', 'ui 1', 'ui 2', 'ui node']);
    expect(groupByEnvironment([], () => 'node')).toEqual([]);
  });

  it('is the config\'s sequencer', () => {
    expect(config.test.sequence.sequencer).toBe(EnvironmentGroupingSequencer);
  });
});
