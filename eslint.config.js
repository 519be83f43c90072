// `npm run lint`: typescript-eslint's recommended rules and the React Hooks rules (exhaustive-deps as an error) over
// the packages, the apps, the examples, the benchmarks, the scripts and the React 18 test tool; and, with types, the
// promise rules over the packages' and the agent server's sources (tsconfig.lint.json: one program, sources only).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'bench/size/what-if/**/*.js', 'examples/*/.next/**', 'examples/*/next-env.d.ts'] },
  {
    files: ['{packages,apps,bench,scripts,tools,examples}/**/*.{ts,tsx,js,mjs,cjs}', '.storybook/**/*.{ts,tsx}', '*.{ts,js,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // `_`-prefixed names are deliberately unused (a parameter kept for its position, a destructured-away field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Promises that nobody awaits, passed where a void callback goes, or awaited when they are not promises: the bugs
    // of async code that only types can show. Sources only (tests await what they test), read as one program whose
    // paths point at the packages' sources, so the rules need no build.
    files: ['packages/*/src/**/*.{ts,tsx}', 'apps/agent-server/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-d.ts', '**/*.stories.tsx', '**/*-test-support.ts', 'packages/server/src/redis-test-support.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.lint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Tests and their live servers read arbitrary JSON off the wire and assert on its shape.
    files: ['**/*.test.{ts,tsx}', 'packages/*/test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
