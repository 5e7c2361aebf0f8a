// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries, { astroScripts } from './scripts/lint/boundaries.mjs';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'server/db/migrations/', 'site-builds/', '.publish-tests/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Which folder may import which: README, "Architecture".
    files: ['src/**/*.{ts,tsx,mjs}', 'server/**/*.ts', 'dev/**/*.ts', 'contract/**/*.ts', 'src/**/*.astro/*.ts'],
    plugins: { servauto: boundaries },
    rules: { 'servauto/import-boundaries': ['error', { root: import.meta.dirname }] },
  },
  // Astro pages and components: only their imports are checked (their frontmatter and scripts).
  { files: ['src/**/*.astro'], processor: { ...astroScripts, meta: { name: 'astro-scripts' } } },
  {
    files: ['src/**/*.astro/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off', 'no-undef': 'off', '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules; the compiler-specific ones assume the React Compiler, which the site does not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Envelopes in tests are read loosely on purpose: each test asserts the fields it cares about.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
