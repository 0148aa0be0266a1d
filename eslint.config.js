// @ts-check
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'coverage',
      'test-results',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Screens reach the server only through state (CONTRIBUTING.md, "The renderer"): a component
    // or route reads atoms and hooks of src/renderer/src/state, which call api/. Types of api/
    // may still be named.
    files: ['src/renderer/src/components/**/*.{ts,tsx}', 'src/renderer/src/routes/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/*'],
              allowTypeImports: true,
              message:
                'A component reaches the server through src/renderer/src/state (CONTRIBUTING.md, "The renderer"); import only types from api/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server must run under plain Node: nothing below src/server or src/shared may import Electron.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['**/main/**'] }],
    },
  },
  {
    // Routes read through services and write through commands (CONTRIBUTING.md, "Layers of the
    // server"): a command does a write's rows, its notifications and its live events together,
    // so a route that changed rows itself would leave the others out. services/ is cut by role so
    // that the folder says it: a route imports queries (services/reads/) and presenting
    // (services/presenting/), and from services/writes/ (row changes) and services/media/
    // (storing uploads) only types.
    files: ['src/server/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/writes/*', '**/services/media/*'],
              allowTypeImports: true,
              message:
                'A route writes through a command of src/server/actions/ (CONTRIBUTING.md, "Layers of the server"); import only queries, from services/reads/ and services/presenting/.',
            },
          ],
        },
      ],
    },
  },
  prettier,
)
