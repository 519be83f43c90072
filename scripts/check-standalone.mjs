#!/usr/bin/env node
// The repository stands alone: no tracked file may read or name the folder that sits beside some checkouts
// (reading material that a user's clone does not have). Exits non-zero and lists the files that do.
import { spawnSync } from 'node:child_process';

const sibling = ['..', 'shared'].join('/'); // spelled in two pieces so that this file does not match itself
const result = spawnSync('git', ['grep', '-n', '-I', '-F', sibling, '--', '.', ':!package-lock.json'], { encoding: 'utf8' });
if (result.status === 1) {
  console.log(`no tracked file names ${sibling}`);
  process.exit(0);
}
if (result.status !== 0) {
  console.error(result.stderr || 'git grep failed');
  process.exit(2);
}
console.error(`These tracked lines name ${sibling}, which a fresh clone does not have; copy what they need into the repository:`);
console.error(result.stdout);
process.exit(1);
