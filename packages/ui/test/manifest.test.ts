import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// From the repository's root, where vitest runs.
const manifest = JSON.parse(readFileSync(join(process.cwd(), 'packages/ui/package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

// The renderers an answer may need and an app may never use: Shiki (highlighting, ~15 MB installed), KaTeX, Mermaid,
// and the agent-sent UI renderers (@a2ui/*: A2UI; @modelcontextprotocol/*: the MCP Apps bridge and its MCP SDK).
const HEAVY = /^(@shikijs\/|shiki$|katex$|mermaid$|@a2ui\/|@modelcontextprotocol\/)/;

describe('@agent-chat/ui installs without its heavy renderers', () => {
  it('Shiki, KaTeX and Mermaid are optional peers, never dependencies: an app that does not highlight installs no Shiki', () => {
    expect(Object.keys(manifest.dependencies).filter((name) => HEAVY.test(name))).toEqual([]);
    const peers = Object.keys(manifest.peerDependencies).filter((name) => HEAVY.test(name));
    expect(peers).toEqual(expect.arrayContaining(['@shikijs/core', '@shikijs/engine-javascript', '@shikijs/langs', '@shikijs/themes', 'katex', 'mermaid', '@a2ui/react', '@a2ui/web_core', '@modelcontextprotocol/ext-apps']));
    for (const name of peers) expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true);
  });

  it('nothing the main entry imports (statically or as a lazy chunk) imports them: only the opt-in entries do', () => {
    const root = join(process.cwd(), 'packages/ui/src');
    const seen = new Set<string>();
    const heavy: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        if (HEAVY.test(specifier!)) heavy.push(`${file.slice(root.length + 1)} → ${specifier}`);
        if (!specifier!.startsWith('.')) continue;
        const base = join(dirname(file), specifier!.replace(/\.js$/, ''));
        const resolved = ['.ts', '.tsx'].map((extension) => base + extension).find((path) => existsSync(path));
        if (resolved) visit(resolved);
      }
    };
    visit(join(root, 'index.ts'));
    expect(seen.size).toBeGreaterThan(80);
    expect(heavy).toEqual([]);
    // The highlighter's entry does reach Shiki (the walk follows what it should).
    visit(join(root, 'highlighter.ts'));
    expect(heavy.some((line) => line.includes('@shikijs/'))).toBe(true);
  });
});
