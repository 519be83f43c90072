import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasUseClient, markClientModules, valueImports } from './mark-client-modules.mjs';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A package folder whose dist holds the given modules (tsc's output: type imports already erased). */
function builtPackage(modules) {
  const dir = mkdtempSync(join(tmpdir(), 'mark-client-'));
  dirs.push(dir);
  for (const [path, code] of Object.entries(modules)) {
    mkdirSync(join(dir, 'dist', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'dist', path), code);
  }
  return dir;
}

const read = (dir, path) => readFileSync(join(dir, 'dist', path), 'utf8');

describe('mark-client-modules', () => {
  it('marks modules importing React values, and the modules importing those, but not barrels or pure helpers', () => {
    const dir = builtPackage({
      'index.js': "export { View } from './view.js';\nexport { safeUrl } from './safe-url.js';\n",
      'view.js': "import { jsx as _jsx } from \"react/jsx-runtime\";\nimport { useLabels } from './labels.js';\nexport function View() { return _jsx('p', { children: useLabels().x }); }\n",
      'labels.js': "import { createContext, useContext } from 'react';\nconst Labels = createContext({});\nexport const useLabels = () => useContext(Labels);\n",
      'safe-url.js': "export const safeUrl = (url) => url;\n",
      'hooks/chat.js': "import { useAgentChat } from '@agent-chat/react';\nexport const useChat = (o) => useAgentChat(o);\n",
    });
    markClientModules(dir);
    expect(hasUseClient(read(dir, 'labels.js'))).toBe(true);
    expect(hasUseClient(read(dir, 'view.js'))).toBe(true);
    expect(hasUseClient(read(dir, 'hooks/chat.js'))).toBe(true);
    expect(hasUseClient(read(dir, 'index.js'))).toBe(false);
    expect(hasUseClient(read(dir, 'safe-url.js'))).toBe(false);
    expect(read(dir, 'labels.js').startsWith("'use client';\nimport { createContext")).toBe(true);
  });

  it('is idempotent and shifts the source map by the one line it adds', () => {
    const dir = builtPackage({
      'hook.js': "import { useState } from 'react';\nexport const useX = () => useState(0);\n//# sourceMappingURL=hook.js.map\n",
      'hook.js.map': JSON.stringify({ version: 3, file: 'hook.js', sources: ['../src/hook.ts'], mappings: 'AAAA,OAAO' }),
    });
    expect(markClientModules(dir)).toHaveLength(1);
    expect(markClientModules(dir)).toHaveLength(0);
    expect(read(dir, 'hook.js').match(/use client/g)).toHaveLength(1);
    expect(JSON.parse(read(dir, 'hook.js.map')).mappings).toBe(';AAAA,OAAO');
  });

  it('reads value imports only (type-only imports and re-exports are not)', () => {
    const code = "import type { A } from 'react';\nimport 'side-effect';\nimport * as R from 'react';\nexport { B } from './b.js';\n";
    expect(valueImports(code)).toEqual(['side-effect', 'react']);
    expect(hasUseClient('// a comment\n"use client";\nexport {};')).toBe(true);
    expect(hasUseClient("export const s = 'use client';")).toBe(false);
  });
});
