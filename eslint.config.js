// `npm run lint`: typescript-eslint's recommended rules and the React Hooks rules (exhaustive-deps as an error) over
// the packages, the apps, the examples, the benchmarks, the scripts and the React 18 test tool.
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
    // Tests and their live servers read arbitrary JSON off the wire and assert on its shape.
    files: ['**/*.test.{ts,tsx}', 'packages/*/test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
