// `@agent-chat/ui/highlighter`: syntax highlighting with Shiki, in its own entry so that it loads as a chunk of its own,
// only when an answer has a finished code block. This chunk holds no grammar: it sends each finished block to a Web
// Worker (highlighting/worker.ts), where Shiki loads the grammar of the block's language on its first block (a chunk
// per grammar: a language that never appears is never fetched) and tokenizes it, so that neither the grammars'
// compilation nor the tokenizing runs on the page's main thread. Where there is no worker (tests, a worker that fails
// to load), the same code runs on the main thread, a few lines at a time in idle periods. Colours come as CSS custom
// properties, light and dark: no HTML is injected.
import type { CodeHighlighter, HighlightedToken } from './markdown/code-highlighting.js';
import { fenceNames, grammarOf, type GrammarName } from './highlighting/languages.js';
import type { HighlightAnswer, HighlightRequest } from './highlighting/protocol.js';

// Highlighted blocks by grammar and code, finished or in flight: a block asked again (a row scrolled out of the list and
// back, the same snippet twice) is not tokenized again.
const cache = new Map<string, Promise<HighlightedToken[][]>>();
const CACHE_SIZE = 200;

/** The languages this highlighter knows, with their aliases. */
export const highlighterLanguages: ReadonlySet<string> = fenceNames;

/** The kit's Shiki highlighter (see `CodeHighlighterLoader`). */
export const highlighter: CodeHighlighter = {
  highlight(code, language) {
    const grammar = grammarOf(language);
    if (!grammar) return Promise.resolve(null);
    const key = `${grammar.module}\n${code}`;
    let lines = cache.get(key);
    if (!lines) {
      lines = tokenize(grammar, code);
      lines.catch(() => cache.delete(key));
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, lines);
    }
    return lines;
  },
};

// The worker: made at the first block, kept for the page's life. null: none (no Worker here, or it failed to start).
let worker: Worker | null | undefined;
const pending = new Map<number, { request: HighlightRequest; resolve: (lines: HighlightedToken[][]) => void; reject: (error: Error) => void }>();
let nextId = 0;

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    // The bundler's pattern for a worker of this package (Vite, webpack 5, Rollup with a plugin): a chunk of its own.
    const started = new Worker(new URL('./highlighting/worker.js', import.meta.url), { type: 'module', name: 'agent-chat-highlighter' });
    started.onmessage = ({ data }: MessageEvent<HighlightAnswer>) => {
      const job = pending.get(data.id);
      if (!job) return;
      pending.delete(data.id);
      if ('lines' in data) job.resolve(data.lines);
      else job.reject(new Error(data.error));
    };
    // A worker that cannot load (its chunk missing, a CSP without worker-src): the blocks it had go to the main thread.
    started.onerror = (event) => {
      event.preventDefault();
      started.terminate();
      worker = null;
      const jobs = [...pending.values()];
      pending.clear();
      for (const job of jobs) tokenizeHere(job.request.grammar, job.request.code).then(job.resolve, job.reject);
    };
    return started;
  } catch {
    return null;
  }
}

function tokenize(grammar: GrammarName, code: string): Promise<HighlightedToken[][]> {
  if (worker === undefined) worker = startWorker();
  const current = worker;
  if (!current) return tokenizeHere(grammar, code);
  return new Promise((resolve, reject) => {
    const request: HighlightRequest = { id: nextId++, grammar, code };
    pending.set(request.id, { request, resolve, reject });
    current.postMessage(request);
  });
}

// On the main thread: one block at a time, LINES_PER_SLICE lines per slice, slices in idle periods until SLICE_MS is
// spent, then the next idle period (a grammar's first slice compiles its rules: that one cannot be cut).
const LINES_PER_SLICE = 20;
const SLICE_MS = 8;
let queue: Promise<unknown> = Promise.resolve();

const idle = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 });
    else setTimeout(resolve, 0);
  });

function tokenizeHere(grammar: GrammarName, code: string): Promise<HighlightedToken[][]> {
  const done = queue.then(async () => {
    const { prepare, tokenizeLines } = await import('./highlighting/engine.js');
    const highlighter = await prepare(grammar);
    const source = code.split(/\r?\n/);
    const lines: HighlightedToken[][] = [];
    let state: Parameters<typeof tokenizeLines>[3];
    for (let at = 0; at < source.length;) {
      await idle();
      const started = performance.now();
      do {
        const slice = tokenizeLines(highlighter, grammar, source.slice(at, at + LINES_PER_SLICE).join('\n'), state);
        lines.push(...slice.lines);
        state = slice.state;
        at += LINES_PER_SLICE;
      } while (at < source.length && performance.now() - started < SLICE_MS);
    }
    return lines;
  });
  queue = done.catch(() => undefined);
  return done;
}
