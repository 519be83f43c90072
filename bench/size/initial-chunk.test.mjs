import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What a page that renders `export` of @agent-chat/ui loads first, bundled from the sources as check-size.mjs bundles
 * the built packages: each `import()` left out (a chunk of its own) and collected. React and the core are external.
 */
async function initialChunk(source) {
  const lazy = new Set();
  const result = await build({
    stdin: { contents: source, resolveDir: `${root}packages/ui/src`, loader: 'ts' },
    bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, metafile: true, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['react', 'react-dom', 'react/jsx-runtime', '@agent-chat/core', '@agent-chat/core/*', '@agent-chat/react'],
    plugins: [{
      name: 'initial-only',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind !== 'dynamic-import') return undefined;
          lazy.add(args.path);
          return { path: args.path, external: true };
        });
      },
    }],
  });
  const inputs = Object.keys(Object.values(result.metafile.outputs)[0].inputs).map((path) => path.replace(/^.*node_modules\//, 'node_modules/'));
  const code = result.outputFiles[0].text;
  // esbuild resolves the imports of modules it then tree-shakes away: only an import() left in the code is a chunk.
  // Chunks by file name (`./markdown.js`), wherever their folder sits relative to the importer.
  return { inputs, lazy: [...lazy].filter((path) => code.includes(`import(${JSON.stringify(path)})`)).map((path) => `./${path.split('/').at(-1)}`), code };
}

const has = (inputs, pattern) => inputs.some((path) => pattern.test(path));

describe('the initial chunk of a view app', () => {
  it('AgentChatView: no streaming-markdown, virtualiser, dialog, artifact panel, message actions, tool rows, media, sources, usage line, unlinked interrupts, attachment chips or the reading of attached files; each is an import() of its own', async () => {
    const { inputs, lazy } = await initialChunk("export { AgentChatView } from './index.ts';");
    expect(has(inputs, /streaming-markdown/)).toBe(false);
    expect(has(inputs, /@tanstack\/(react-virtual|virtual-core)/)).toBe(false);
    for (const module of ['markdown', 'markdown-tree', 'markdown-node', 'code-block', 'virtual-rows', 'interrupt-confirm-dialog', 'focus-trap', 'artifact-panel', 'artifact-view', 'message-actions', 'tool-activity', 'inline-interrupt', 'media-view', 'image-zoom', 'pending-interrupts', 'composer-attachment-chips', 'composer-media', 'sub-agent-view']) {
      expect(has(inputs, new RegExp(`/ui/src/(?:[a-z-]+/)?${module}\\.tsx?$`)), module).toBe(false);
    }
    for (const chunk of ['./markdown.js', './virtual-rows.js', './interrupt-confirm-dialog.js', './artifact-panel.js', './message-actions.js', './message-sources.js', './message-usage.js', './tool-activity.js', './media-view.js', './pending-interrupts.js', './composer-attachment-chips.js', './composer-media.js', './sub-agent-view.js']) {
      expect(lazy).toContain(chunk);
    }
    // The SubAgent parts are the sub-agent view's chunk (and an app's own import), not the view's.
    expect(has(inputs, /\/ui\/src\/sub-agent\/parts\.tsx$/)).toBe(false);
    // What it does carry: the list, the rows and the composer.
    expect(has(inputs, /\/ui\/src\/message-list\/message-list\.tsx$/)).toBe(true);
    expect(has(inputs, /\/ui\/src\/composer\/composer\.tsx$/)).toBe(true);
  });

  it('MessageList alone: no artifact panel, dialog or message actions, lazy or not; the row parts are chunks', async () => {
    const { inputs, lazy } = await initialChunk("export { MessageList } from './index.ts';");
    expect(has(inputs, /streaming-markdown|@tanstack\/(react-virtual|virtual-core)/)).toBe(false);
    expect(lazy.sort()).toEqual(['./markdown.js', './media-view.js', './message-sources.js', './message-usage.js', './pending-interrupts.js', './sub-agent-view.js', './tool-activity.js', './virtual-rows.js']);
  });

  it('Markdown imported by name is the renderer itself, streaming-markdown included', async () => {
    const { inputs } = await initialChunk("export { Markdown } from './index.ts';");
    expect(has(inputs, /streaming-markdown/)).toBe(true);
  });
});

describe("the hook's development warning", () => {
  /** `useAgentChat` from the sources, bundled with `process.env.NODE_ENV` replaced as an app's bundler does. */
  async function hook(mode) {
    const result = await build({
      stdin: { contents: "export { useAgentChat } from './index.ts';", resolveDir: `${root}packages/react/src`, loader: 'ts' },
      bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent',
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
      external: ['react', 'react-dom', 'react/jsx-runtime', '@agent-chat/core', '@agent-chat/core/*'],
    });
    return result.outputFiles[0].text;
  }

  it('a production build drops the "no transport" warning and its text; a development build keeps it', async () => {
    expect(await hook('production')).not.toContain('no transport');
    expect(await hook('development')).toContain('no transport');
  });
});
