// The split of the e2e project into the two runs of `npm test` (scripts/e2e-split.mjs): every file in exactly one half,
// new files found and placed, the examples' files after their builds, the halves balanced by the recorded durations.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';
import { e2eFiles, e2eNeeds, measuredRecord, readDurations, splitE2e } from './e2e-split.mjs';
import { E2E_INCLUDE } from './test-projects.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** When each half would end: the late one starts lateStartSeconds after the early one. */
const ends = (halves, record) => [halves[0].seconds, (halves[1].files.some((file) => e2eNeeds(file) !== 'demo') ? record.lateStartSeconds : 0) + halves[1].seconds];

describe('the e2e split of npm test', () => {
  it('lists the files of the e2e project\'s include patterns, as git sees them (new untracked ones too)', () => {
    const e2e = config.test.projects.find((project) => project.test.name === 'e2e');
    expect(e2e.test.include).toBe(E2E_INCLUDE);
    // git's pathspec `*` crosses folders, as `**/` does.
    const git = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...E2E_INCLUDE.map((pattern) => pattern.replace('/**/', '/'))], { cwd: root, encoding: 'utf8' });
    expect(git.status).toBe(0);
    const listed = git.stdout.split('\n').filter(Boolean).sort();
    expect(e2eFiles()).toEqual(listed);
    expect(listed.length).toBeGreaterThan(10);
  });

  it('puts every file in exactly one half; the examples\' files in the late half, which needs their builds', () => {
    const files = e2eFiles();
    const [early, late] = splitE2e(files);
    expect([...early.files, ...late.files].sort()).toEqual(files);
    expect(early.needs).toEqual(['demo']);
    for (const file of files.filter((name) => name.startsWith('examples/'))) {
      expect(late.files).toContain(file);
      expect(late.needs).toContain(e2eNeeds(file));
    }
    expect(e2eNeeds('examples/e2e/nextjs.e2e.test.ts')).toBe('example nextjs');
    expect(e2eNeeds('apps/demo/e2e/look.e2e.test.ts')).toBe('demo');
  });

  it('balances the halves by the recorded durations: they end within the longest demo file of each other', () => {
    const record = readDurations();
    const files = e2eFiles();
    const halves = splitE2e(files, record);
    const [a, b] = ends(halves, record);
    const longest = Math.max(...files.filter((file) => e2eNeeds(file) === 'demo').map((file) => record.files[file] ?? 0));
    expect(Math.abs(a - b)).toBeLessThanOrEqual(longest);
  });

  it('gives a file the record does not know the record\'s median and the half that ends first', () => {
    const record = { lateStartSeconds: 50, files: { 'apps/demo/e2e/a.e2e.test.ts': 100, 'apps/demo/e2e/b.e2e.test.ts': 40, 'examples/e2e/vite.e2e.test.ts': 20 } };
    const files = [...Object.keys(record.files), 'apps/demo/e2e/new.e2e.test.ts'];
    // a (100) early; the late half starts at 50 with vite (20) = 70, takes b (40) = 110; the new file (median 40) goes
    // to the early half, which ends first (100 < 110).
    const [early, late] = splitE2e(files, record);
    expect(early.files).toEqual(['apps/demo/e2e/a.e2e.test.ts', 'apps/demo/e2e/new.e2e.test.ts']);
    expect(late.files).toEqual(['apps/demo/e2e/b.e2e.test.ts', 'examples/e2e/vite.e2e.test.ts']);
    expect(late.needs).toEqual(['demo', 'example vite']);
    expect(early.seconds).toBe(140);
    // Without the examples, no half waits: the two halves start together.
    const demoOnly = splitE2e(['apps/demo/e2e/a.e2e.test.ts', 'apps/demo/e2e/b.e2e.test.ts', 'apps/demo/e2e/new.e2e.test.ts'], record);
    expect(demoOnly.map((half) => half.files)).toEqual([['apps/demo/e2e/a.e2e.test.ts'], ['apps/demo/e2e/b.e2e.test.ts', 'apps/demo/e2e/new.e2e.test.ts']]);
  });

  it('records a run\'s times for the next split: files that ran, the late half\'s start after the early one', () => {
    const previous = readDurations();
    const [file, other] = e2eFiles();
    const next = measuredRecord(previous, [{ file, seconds: 12.34 }], [37.2, 131.9]);
    expect(next.files[file]).toBe(12.3);
    expect(next.files[other]).toBe(previous.files[other]);
    expect(next.lateStartSeconds).toBe(95);
    expect(next.note).toBe(previous.note);
    // One half only (the other had no files, or did not run): the recorded start is kept.
    expect(measuredRecord(previous, [], [37.2]).lateStartSeconds).toBe(previous.lateStartSeconds);
    expect(measuredRecord(previous, [], [37.2, undefined]).lateStartSeconds).toBe(previous.lateStartSeconds);
    // A file that no longer exists leaves the record.
    expect(measuredRecord({ ...previous, files: { ...previous.files, 'apps/demo/e2e/gone.e2e.test.ts': 3 } }, [], []).files).not.toHaveProperty('apps/demo/e2e/gone.e2e.test.ts');
  });
});
