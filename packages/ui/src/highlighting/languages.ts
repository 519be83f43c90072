// The languages of the kit's highlighter and the names a fence may use for them: a table with no grammar in it, so that
// the main thread knows which blocks to send without loading any grammar (each is a chunk of its own, see engine.ts).

/** Grammar (its `@shikijs/langs` module and Shiki name) → the names a fence may use for it, besides the module's own. */
const LANGUAGES: ReadonlyArray<readonly [module: string, shikiName: string, aliases: readonly string[]]> = [
  ['bash', 'shellscript', ['sh', 'shell', 'shellscript', 'zsh', 'console']],
  ['css', 'css', []],
  ['diff', 'diff', []],
  ['go', 'go', ['golang']],
  ['java', 'java', []],
  ['javascript', 'javascript', ['js', 'cjs', 'mjs']],
  ['json', 'json', []],
  ['jsx', 'jsx', []],
  ['python', 'python', ['py']],
  ['rust', 'rust', ['rs']],
  ['sql', 'sql', []],
  ['tsx', 'tsx', []],
  ['typescript', 'typescript', ['ts', 'cts', 'mts']],
  ['yaml', 'yaml', ['yml']],
];

/** A grammar: its module under `@shikijs/langs/` and its name in Shiki. */
export interface GrammarName {
  module: string;
  shikiName: string;
}

const BY_NAME = new Map<string, GrammarName>();
for (const [module, shikiName, aliases] of LANGUAGES) for (const name of [module, ...aliases]) BY_NAME.set(name, { module, shikiName });

/** The grammar of a fence's language (`ts`, `Python`, `sh` …), or null for one the highlighter does not know. */
export function grammarOf(language: string): GrammarName | null {
  return BY_NAME.get(language.trim().toLowerCase()) ?? null;
}

/** The names a fence may use, aliases included. */
export const fenceNames: ReadonlySet<string> = new Set(BY_NAME.keys());
