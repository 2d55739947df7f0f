// Lint: ESLint's and typescript-eslint's recommended rules, type-aware, plus the rules of hooks for the islands.
// Formatting is Prettier's (`npm run format`), so eslint-config-prettier switches off every rule about layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'reports',
      'test-results',
      'playwright-report',
      '.astro',
      'public',
      'server/idp/pages/public',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // Fastify plugins and test doubles are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // react-hook-form's and vitest's methods are made to be passed on detached (handleSubmit, mock.calls).
      '@typescript-eslint/unbound-method': 'off',
      // A leading underscore marks what is left out on purpose (a destructured field, an unused parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules; the React Compiler's rules (set-state-in-effect, refs) target code the compiler
    // rewrites, and this site does not use the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['tests/**', 'scripts/**', 'bench/**'],
    rules: {
      // Tests, scripts and benchmarks read JSON bodies as `any` and check their shape with expect or by use.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  prettier,
);
