// What a team checks before it trusts a package from the registry, for every published workspace (packages/*):
// where it comes from (repository, homepage, bugs), its licence file, ESM entry points with a `default` condition,
// runtime dependencies as caret ranges (so apps dedupe zustand/immer), React as a peer, the Node it needs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const published = workspaces
  .filter((path) => path.startsWith('packages/'))
  .map((path) => ({ path, manifest: JSON.parse(readFileSync(join(root, path, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => manifest.private !== true);

/** Every leaf condition object of an `exports` map (`{ types, default }` per entry point). */
function conditionObjects(exports) {
  return Object.values(exports).filter((value) => typeof value === 'object' && value !== null);
}

describe('published package manifests', () => {
  it('finds the packages', () => {
    expect(published.map(({ manifest }) => manifest.name)).toEqual(expect.arrayContaining(['@agent-chat/core', '@agent-chat/react', '@agent-chat/ui', '@agent-chat/testing']));
  });

  it.each(published)('$path says where it comes from, its licence and the Node it needs', ({ path, manifest }) => {
    expect(manifest.name).toMatch(/^@agent-chat\//);
    expect(manifest.description?.length).toBeGreaterThan(20);
    expect(manifest.license).toBe('Apache-2.0');
    expect(existsSync(join(root, path, 'LICENSE'))).toBe(true);
    expect(manifest.keywords?.length).toBeGreaterThan(2);
    expect(manifest.repository).toEqual({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/.+\.git$/), directory: path });
    expect(manifest.homepage).toMatch(new RegExp(`^https://.+/${path}#readme$`));
    expect(manifest.bugs?.url).toMatch(/^https:\/\/.+\/issues$/);
    expect(manifest.engines?.node).toBe('>=20');
  });

  it.each(published)('$path is ESM with a types and a default condition on every entry point', ({ manifest }) => {
    expect(manifest.type).toBe('module');
    const entries = conditionObjects(manifest.exports);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      if (entry.default?.endsWith('.css')) continue;
      expect(Object.keys(entry)).toEqual(['types', 'default']);
    }
  });

  it.each(published)('$path takes runtime dependencies as caret ranges and React as a peer', ({ manifest }) => {
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
      expect(range, name).toMatch(/^\^\d/);
      expect(['react', 'react-dom'], name).not.toContain(name);
    }
  });
});
