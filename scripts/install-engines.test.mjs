// `npm ci` on Node 20 prints no EBADENGINE: every package the lockfile installs accepts Node 20 in its `engines`, checked
// as npm checks it (semver ranges, pre-releases included). 20.19 is the oldest Node 20 the dev toolchain (Vite, jsdom)
// accepts; the published packages ask for `>=20`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const NODE_20 = '20.19.0';
const lock = JSON.parse(readFileSync(fileURLToPath(new URL('../package-lock.json', import.meta.url)), 'utf8'));
const installed = Object.entries(lock.packages).filter(([path]) => path.includes('node_modules/'));

/** The lockfile's packages whose `engines.node` refuses `version`, as `path range`. */
function refusing(version) {
  return installed
    .filter(([, entry]) => typeof entry.engines?.node === 'string' && !semver.satisfies(version, entry.engines.node, { includePrerelease: true }))
    .map(([path, entry]) => `${path} ${entry.engines.node}`);
}

describe('the install on Node 20', () => {
  it('reads a lockfile with Mermaid in it (the optional peer the repository installs for its tests and demo)', () => {
    expect(installed.length).toBeGreaterThan(500);
    expect(installed.filter(([path]) => path.endsWith('node_modules/mermaid')).length).toBeGreaterThan(0);
  });

  it(`installs no package whose engines refuse Node ${NODE_20}`, () => {
    expect(refusing(NODE_20)).toEqual([]);
  });

  it('would catch a Node-22-only package (the check is live)', () => {
    expect(semver.satisfies(NODE_20, '>=22.12.0', { includePrerelease: true })).toBe(false);
    expect(refusing('18.0.0').length).toBeGreaterThan(0);
  });
});
