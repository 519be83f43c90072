import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 29: an app that imports no tree, tools or resumable code does not ship them. Bundles apps from the built
// packages (dist/, as users install them) with code splitting, and reads which of the core's files are in the chunk
// the entry loads first (esbuild's metafile: a file with bytes in that output).
const root = fileURLToPath(new URL('../..', import.meta.url));
const built = existsSync(`${root}packages/core/dist/index.js`) && existsSync(`${root}packages/react/dist/index.js`);

// The files of each opt-in feature (core/dist/chat/…, core/dist/transport/…).
const TREE = ['chat/tree/branch-tree.js', 'chat/tree/chat-operations.js', 'chat/tree/version-tree.js'];
const TOOL_LOOP = ['chat/tools/client-tools.js'];
const RESUMABLE_CHAT = ['chat/resumable/detached-poll.js', 'chat/resumable/reattach-running-turn.js'];
const RESUMABLE_TRANSPORT = ['transport/resumable-turn.js', 'transport/resumable-http.js', 'transport/turn-registry.js'];

/**
 * The core files (relative to core/dist) with bytes in the entry's own chunk, and those in lazy chunks; `packages`: the
 * libraries in any of its chunks, `libraryFiles` their files (relative to node_modules).
 */
async function coreFilesOf(source) {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'js' },
    bundle: true, minify: true, format: 'esm', splitting: true, outdir: `${root}.size-test-out`, write: false, metafile: true,
    platform: 'browser', external: ['react', 'react-dom', 'react/jsx-runtime'], logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const files = (output) => Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => /packages\/core\/dist\/(.*)$/.exec(path)?.[1]).filter(Boolean);
  const outputs = Object.values(result.metafile.outputs).filter((output) => output.inputs);
  // What the page loads first: the entry's chunk and the chunks it imports statically (esbuild moves the code the
  // entry shares with a lazy chunk, such as immer with the patcher's, into such a chunk).
  // (A lazy chunk is an entry point too, of its `import()`: the app's own is the stdin one.)
  const entryOutput = outputs.find((output) => output.entryPoint === '<stdin>');
  const initialOutputs = new Set();
  const visit = (output) => {
    if (!output || initialOutputs.has(output)) return;
    initialOutputs.add(output);
    for (const imported of output.imports) if (imported.kind === 'import-statement') visit(result.metafile.outputs[imported.path]);
  };
  visit(entryOutput);
  const packages = [...new Set(outputs.flatMap((output) => Object.entries(output.inputs)).filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1]).filter(Boolean))].sort();
  const libraryFiles = [...new Set(outputs.flatMap((output) => Object.entries(output.inputs)).filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => /node_modules\/(.*)$/.exec(path)?.[1]).filter(Boolean))];
  const initialLibraries = [...new Set([...initialOutputs].flatMap((output) => Object.entries(output.inputs)).filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1]).filter(Boolean))].sort();
  return { initial: [...initialOutputs].flatMap(files), lazy: outputs.filter((output) => !initialOutputs.has(output)).flatMap(files), packages, libraryFiles, initialLibraries };
}

const APP = "export { createAgentChat, genkitTransport } from '@agent-chat/core';\nexport { useAgentChat, useAgentChatSelector } from '@agent-chat/react';\n";

describe.skipIf(!built)('opt-in chat features in a bundle', () => {
  it('a Genkit app without features ships no tree, no tool loop and no resumable code', async () => {
    const { initial, lazy } = await coreFilesOf(APP);
    expect(initial).toContain('chat/agent-chat.js');
    expect(initial).toContain('chat/turn/run-turn.js');
    for (const file of [...TREE, ...TOOL_LOOP, ...RESUMABLE_CHAT, ...RESUMABLE_TRANSPORT]) expect(initial).not.toContain(file);
    // The resumable HTTP transport is a lazy chunk: loaded only by a transport made with `resumable`.
    for (const file of RESUMABLE_TRANSPORT.slice(0, 2)) expect(lazy).toContain(file);
  }, 60_000);

  it('a Genkit app ships the design\'s libraries (zustand, immer, fast-json-patch) and eventsource-parser, no more (issue 40)', async () => {
    const { initial, lazy, packages, libraryFiles, initialLibraries } = await coreFilesOf(APP);
    expect(packages).toEqual(['eventsource-parser', 'fast-json-patch', 'immer', 'zustand']);
    // The store's updates and the patches are theirs: the core has no drafts or JSON Patch applier of its own.
    expect(initial.filter((file) => /draft|json-patch|copy-on-write/.test(file))).toEqual([]);
    // The patcher (fast-json-patch on an immer draft) is a chunk of its own, loaded by the first turn: not in what the
    // page loads first (issue 40's budgets).
    expect(lazy).toContain('chat/state/apply-custom-patch.js');
    expect(initial).not.toContain('chat/state/apply-custom-patch.js');
    expect(initial).toContain('chat/state/patcher.js');
    expect(initialLibraries).toEqual(['eventsource-parser', 'immer', 'zustand']);
    // fast-json-patch's ES core only, not its package entry with the duplex observer (`compare`, `observe`).
    expect(libraryFiles.filter((file) => file.startsWith('fast-json-patch/')).sort()).toEqual(['fast-json-patch/module/core.mjs', 'fast-json-patch/module/helpers.mjs']);
  }, 60_000);

  it('each feature brings its own code when it is imported and passed', async () => {
    const tree = await coreFilesOf(`${APP}export { versionTree } from '@agent-chat/core';\n`);
    for (const file of TREE) expect(tree.initial).toContain(file);
    for (const file of [...TOOL_LOOP, ...RESUMABLE_CHAT]) expect(tree.initial).not.toContain(file);

    const tools = await coreFilesOf(`${APP}export { clientTools } from '@agent-chat/core';\n`);
    for (const file of TOOL_LOOP) expect(tools.initial).toContain(file);
    for (const file of [...TREE, ...RESUMABLE_CHAT]) expect(tools.initial).not.toContain(file);

    const resumable = await coreFilesOf(`${APP}export { resumable } from '@agent-chat/core';\n`);
    for (const file of RESUMABLE_CHAT) expect(resumable.initial).toContain(file);
    for (const file of [...TREE, ...TOOL_LOOP]) expect(resumable.initial).not.toContain(file);
  }, 60_000);
});
