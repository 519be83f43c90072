#!/usr/bin/env node
// The e2e project's files in two halves for `npm test` (scripts/test.mjs): each half is a vitest run of its own, with its
// own Chromium and its own servers on port 0, beside the other. The e2e files run one after another within a run (the
// project has no file parallelism) and mostly wait (token delays, page loads), so two runs side by side halve the
// browser part of `npm test`, its critical path, for about the same CPU.
//
// The halves are balanced by the files' measured durations (scripts/e2e-durations.json, from a quiet run of `npm
// test`). A file that needs an example app's build (examples/e2e/<name>.e2e.test.ts needs `example <name>`) goes to
// the late half, which starts when those builds end; the demo's files fill both, each to the half that would end first,
// longest first; a file the record does not know (a new one) counts as the record's median and goes to the half that
// ends first too. New files are found by the project's include patterns (E2E_INCLUDE), so nothing needs listing here.
//
//   node scripts/e2e-split.mjs            prints the two halves, their files and estimated seconds
//   node scripts/e2e-split.mjs --update   rewrites scripts/e2e-durations.json from the last `npm test`'s measurements
//                                         (node_modules/.cache/e2e-durations.json): do it after a quiet full run
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_INCLUDE } from './test-projects.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The checked-in record: each e2e file's seconds, and how much later the late half starts than the other. */
export const DURATIONS_FILE = `${root}scripts/e2e-durations.json`;
/** What `npm test` measured in its last run (written by scripts/test.mjs, copied by `--update`). */
export const MEASURED_FILE = `${root}node_modules/.cache/e2e-durations.json`;

/** `<dir>/**\/*<suffix>` include patterns as [dir, suffix]; another shape is refused, so a change to them is seen here. */
function parseInclude(pattern) {
  const match = /^([^*]+)\/\*\*\/\*([^*/]+)$/.exec(pattern);
  if (!match) throw new Error(`scripts/e2e-split.mjs reads include patterns of the form <dir>/**/*<suffix>, not ${pattern}`);
  return [match[1], match[2]];
}

/** The e2e project's test files (relative paths, sorted), as its include patterns (E2E_INCLUDE) find them. */
export function e2eFiles(base = root) {
  const files = [];
  const walk = (dir, suffix) => {
    if (!existsSync(join(base, dir))) return;
    for (const entry of readdirSync(join(base, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path, suffix);
      } else if (entry.isFile() && entry.name.endsWith(suffix)) files.push(path);
    }
  };
  for (const pattern of E2E_INCLUDE) walk(...parseInclude(pattern));
  return [...new Set(files)].sort();
}

/** The step of scripts/test.mjs a file needs built before it runs: its example app's, or the demo's. */
export function e2eNeeds(file) {
  const example = /^examples\/e2e\/(?:.*\/)?([^/]+)\.e2e\.test\.ts$/.exec(file);
  return example ? `example ${example[1]}` : 'demo';
}

/** The checked-in record (`{ lateStartSeconds, files: { path: seconds } }`). */
export function readDurations(path = DURATIONS_FILE) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * Splits `files` into two halves: `[early, late]`, each `{ files, needs, seconds }` (`seconds`: the sum of its files'
 * estimates). The late half holds every file that needs an example build and starts `lateStartSeconds` after the early
 * one; the demo's files go, longest first, each to the half that would end first (ties: the early one).
 */
export function splitE2e(files, record = readDurations()) {
  const known = Object.values(record.files).sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 30;
  const estimate = (file) => record.files[file] ?? median;
  const halves = [
    { files: [], seconds: 0, offset: 0 },
    { files: [], seconds: 0, offset: 0 },
  ];
  const late = files.filter((file) => e2eNeeds(file) !== 'demo');
  for (const file of late) {
    halves[1].files.push(file);
    halves[1].seconds += estimate(file);
  }
  if (late.length > 0) halves[1].offset = record.lateStartSeconds ?? 0;
  // Known files longest first, then the new ones: a new file goes to the half that ends first once the others are placed.
  const rest = files.filter((file) => e2eNeeds(file) === 'demo').sort((a, b) => Number(b in record.files) - Number(a in record.files) || estimate(b) - estimate(a) || a.localeCompare(b));
  for (const file of rest) {
    const half = halves[0].offset + halves[0].seconds <= halves[1].offset + halves[1].seconds ? halves[0] : halves[1];
    half.files.push(file);
    half.seconds += estimate(file);
  }
  return halves.map((half) => ({
    files: half.files.sort(),
    needs: [...new Set(half.files.map(e2eNeeds))].sort(),
    seconds: Math.round(half.seconds * 10) / 10,
  }));
}

/**
 * The record of a run: each e2e file's seconds (from the halves' timing reports) and the late half's start after the
 * early one's. Files that did not run keep their recorded time.
 */
export function measuredRecord(previous, timings, starts) {
  const files = { ...previous.files };
  for (const timing of timings) files[timing.file] = Math.round(timing.seconds * 10) / 10;
  const lateStartSeconds = starts.length === 2 && starts.every((start) => Number.isFinite(start)) ? Math.round(starts[1] - starts[0]) : previous.lateStartSeconds;
  // Only files that still exist.
  const present = new Set(e2eFiles());
  return { ...previous, lateStartSeconds, files: Object.fromEntries(Object.entries(files).filter(([file]) => present.has(file)).sort((a, b) => b[1] - a[1])) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--update')) {
    if (!existsSync(MEASURED_FILE)) throw new Error(`no ${MEASURED_FILE}: run npm test first`);
    writeFileSync(DURATIONS_FILE, readFileSync(MEASURED_FILE, 'utf8'));
    console.log(`scripts/e2e-durations.json updated from ${MEASURED_FILE}`);
  } else {
    const record = readDurations();
    for (const [index, half] of splitE2e(e2eFiles(), record).entries()) {
      console.log(`half ${index + 1}/2: ${half.files.length} files, ~${half.seconds} s, after ${half.needs.join(', ')}${index === 1 ? ` (starts ~${record.lateStartSeconds} s after the other)` : ''}`);
      for (const file of half.files) console.log(`  ${String(record.files[file] ?? '(new)').padStart(7)}  ${file}`);
    }
  }
}
