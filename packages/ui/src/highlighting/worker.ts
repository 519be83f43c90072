// The highlighter's Web Worker: grammars load and compile here and blocks are tokenized here, off the page's main
// thread (a grammar's first use compiles its rules, hundreds of milliseconds for TypeScript). Messages: a request
// `{ id, module, shikiName, code }`, an answer `{ id, lines }` or `{ id, error }`.
import { prepare, tokenizeLines } from './engine.js';
import type { HighlightRequest, HighlightAnswer } from './protocol.js';

const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<HighlightRequest>) => void) | null; postMessage(message: HighlightAnswer): void };

scope.onmessage = ({ data: { id, grammar, code } }) => {
  prepare(grammar)
    .then((highlighter) => scope.postMessage({ id, lines: tokenizeLines(highlighter, grammar, code).lines }))
    .catch((error: unknown) => scope.postMessage({ id, error: String(error) }));
};
