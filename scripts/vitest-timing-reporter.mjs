// A vitest reporter that writes, for every test file of the run, its project, its time (environment, setup, import and
// tests) and its tests' outcomes into $VITEST_TIMINGS_FILE (JSON): scripts/test.mjs prints each project's time and the
// ten slowest files from it. It prints nothing itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

export default class TimingReporter {
  constructor() {
    this.outputFile = process.env.VITEST_TIMINGS_FILE;
  }

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    if (!this.outputFile) return;
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const outcomes = { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        outcomes[state === 'passed' || state === 'failed' ? state : 'skipped']++;
      }
      const ms = diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
      return { project: module.project.name, file: relative(this.root, module.moduleId), seconds: Math.round(ms) / 1000, ...outcomes };
    });
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify({ files }, null, 1)}\n`);
  }
}
