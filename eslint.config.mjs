// ESLint (flat config): `npm run lint`, in `npm test`'s first stage beside the typecheck.
// Formatting is Prettier's (.prettierrc.json, `npm run format`); these rules look for mistakes.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Build output and caches; content/ (MDX, checked by the content rules: npm run check:content);
    // the broken files the tests feed the content checks on purpose.
    ignores: ['public/', '.cache/', '.e2e/', '.bench/', '.report/', 'static/', 'content/', '__tests__/fixtures/'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Everything runs in Node except what the browser bundle reaches (below).
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a value left unused on purpose (a field split off, a parameter a signature needs).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // CommonJS files: require() is their module system.
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The benchmarks hand functions to Chromium (page.evaluate, waitForFunction): they run in the page.
    files: ['bench/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The browser bundle: components, hooks and Gatsby's browser and SSR APIs.
    files: ['src/**/*.{ts,tsx}', 'gatsby-browser.tsx', 'gatsby-ssr.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The two rules of hooks. The plugin's other recommended rules check code for the React
      // Compiler, which this site does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
