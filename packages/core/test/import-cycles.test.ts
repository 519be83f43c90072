import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cyclesOf, importCycles, importGraph, upwardImports } from '../../../scripts/check-import-cycles.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let folder: string | undefined;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** Writes the files into a fresh temp folder and gives their paths by name. */
function files(sources: Record<string, string>): Record<string, string> {
  folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(sources)) writeFileSync((paths[name] = join(folder, name)), text);
  return paths;
}

describe('import cycles', () => {
  it('packages/*/src has none (type-only imports included)', () => {
    expect(importCycles(root)).toEqual([]);
  });

  it('finds a cycle closed by a type-only import, and a longer one through a re-export', () => {
    const paths = files({
      'a.ts': "import type { B } from './b.js';\nexport interface A { b: B }\n",
      'b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n",
      'c.ts': "export { d } from './d.js';\nexport const c = 1;\n",
      'd.ts': "import {\n  e,\n} from './e.js';\nexport const d = e;\n",
      'e.ts': "import { c } from './c.js';\nexport const e = c;\n",
      'f.ts': "import { a } from './a.js';\nimport './styles.css';\n",
    });
    const cycles = cyclesOf(importGraph(Object.values(paths))).map((cycle) => cycle.map((file) => file.slice(folder!.length + 1)).sort());
    expect(cycles.sort()).toEqual([['a.ts', 'b.ts'], ['c.ts', 'd.ts', 'e.ts']]);
  });

  it('finds no cycle in a chain of imports', () => {
    const paths = files({
      'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'b.ts': "import type { C } from './c.js';\nexport const b: C = 1;\n",
      'c.ts': 'export type C = number;\n',
    });
    expect(cyclesOf(importGraph(Object.values(paths)))).toEqual([]);
  });
});

describe('imports up a layer', () => {
  /** Writes files under a fresh temp repository root (paths relative to it). */
  function repository(sources: Record<string, string>): string {
    folder = mkdtempSync(join(tmpdir(), 'import-layers-'));
    for (const [path, text] of Object.entries(sources)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    return folder;
  }

  it('packages/*/src has none (beyond the one issue 29 removes)', () => {
    expect(upwardImports(root)).toEqual([]);
  });

  it('finds a core folder importing a later one, a package importing one above it, by name or by path; tests, stories and entries may', () => {
    const at = repository({
      'packages/core/src/model/part.ts': 'export type Part = { text: string };\n',
      'packages/core/src/wire/frame.ts': "import type { Turn } from '../chat/turn.js';\nimport type { Part } from '../model/part.js';\nexport type Frame = Turn | Part;\n",
      'packages/core/src/chat/turn.ts': "import type { Part } from '../model/part.js';\nexport type Turn = Part[];\n",
      'packages/core/src/wire-entry.ts': "export type { Turn } from './chat/turn.js';\n",
      'packages/core/src/chat/turn.test.ts': "import { view } from '../../../ui/src/view.js';\nexport const used = view;\n",
      'packages/react/src/hook.ts': "import { view } from '@agent-chat/ui';\nexport const hook = view;\n",
      'packages/ui/src/view.ts': "import { recording } from '../../testing/src/recording.js';\nimport type { Turn } from '@agent-chat/core';\nexport const view = recording as unknown as Turn;\n",
      'packages/ui/src/view.stories.tsx': "import { recording } from '@agent-chat/testing/recordings';\nexport default recording;\n",
      'packages/ui/stories/kept.ts': "import kept from '../../testing/recordings/kept.json' with { type: 'json' };\nimport { view } from '../src/view.js';\nexport default [kept, view];\n",
      'packages/testing/src/recording.ts': "import { hook } from '@agent-chat/react';\nexport const recording = hook;\n",
      'packages/server/src/http/web-handler.ts': "import type { Turns } from '../turns/turns.js';\nexport type Handler = () => Turns;\n",
      'packages/server/src/turns/turns.ts': "import type { Handler } from '../http/web-handler.js';\nimport { guard } from '../hygiene/guard.js';\nexport type Turns = Handler[];\nexport const used = guard;\n",
      'packages/server/src/hygiene/guard.ts': 'export const guard = 1;\n',
      'packages/server/src/index.ts': "export { used } from './turns/turns.js';\n",
    });
    expect(upwardImports(at).sort()).toEqual([
      'core/src/wire/frame.ts → core/src/chat/turn.ts (wire is below chat in core)',
      'react/src/hook.ts → @agent-chat/ui (react may import core)',
      'server/src/http/web-handler.ts → server/src/turns/turns.ts (http is below turns in server)',
      'ui/src/view.ts → testing/src/recording.ts (outside what ui may import)',
      "ui/stories/kept.ts → ../../testing/recordings/kept.json (a story takes another package's files by its exports)",
    ]);
  });

  it('finds a ui part importing the composed view or a family above it; context and utilities are below every part (issue 41)', () => {
    const at = repository({
      'packages/ui/src/util/class-names.ts': 'export const cx = (name: string) => name;\n',
      'packages/ui/src/context/use-chat-view.ts': 'export const useChatView = () => null;\n',
      'packages/ui/src/agent-chat-view/any-chat.ts': 'export type AnyChat = object;\n',
      'packages/ui/src/composer/composer.tsx': "import type { AnyChat } from '../agent-chat-view/any-chat.js';\nimport { useChatView } from '../context/use-chat-view.js';\nimport { cx } from '../util/class-names.js';\nexport const composer: [AnyChat?, unknown?, unknown?] = [undefined, useChatView, cx];\n",
      'packages/ui/src/tools/tool-row.tsx': "import { list } from '../message-list/list.js';\nexport const row = list;\n",
      'packages/ui/src/message-list/list.tsx': "export const list = 1;\n",
      'packages/ui/src/agent-chat-view/view.tsx': "import { composer } from '../composer/composer.js';\nexport const view = composer;\n",
      'packages/ui/src/composer/composer.test.tsx': "import { view } from '../agent-chat-view/view.js';\nexport const seen = view;\n",
    });
    expect(upwardImports(at).sort()).toEqual([
      'ui/src/composer/composer.tsx → ui/src/agent-chat-view/any-chat.ts (composer is below agent-chat-view in ui)',
      'ui/src/tools/tool-row.tsx → ui/src/message-list/list.tsx (tools is below message-list in ui)',
    ]);
  });
});
