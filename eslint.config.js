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
    // The server must run under plain Node: nothing below src/server or src/shared may import Electron.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['**/main/**'] }],
    },
  },
  {
    // Routes read through services and write through commands (CONTRIBUTING.md, "Layers of the
    // server"): a command does a write's rows, its notifications and its live events together,
    // so a route that changed rows itself would leave the others out. Only these queries of
    // services/ may be imported into a route; a new one that changes nothing goes on the list.
    files: ['src/server/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/*'],
              allowTypeImports: true,
              allowImportNames: [
                // Reads of lists, pages and records.
                'allPostIds',
                'allUserIds',
                'bookmarkedPostIds',
                'commentIdsOf',
                'commentsByIds',
                'countOpenReports',
                'findUserByUsername',
                'getDemoAccount',
                'getDemoUserIds',
                'getImage',
                'getPost',
                'getUserById',
                'getUserByUsername',
                'listHostActions',
                'listHosts',
                'listReports',
                'listSuspended',
                'pageAllPosts',
                'pageBookmarks',
                'pageComments',
                'pageFeed',
                'pageFollowList',
                'pageNotifications',
                'pageTagPosts',
                'pageUserPosts',
                'pageUsers',
                'postsByIds',
                'relationsOf',
                'searchUsers',
                'suggestUsers',
                'unreadCount',
                'userPostIds',
                'usersByIds',
                // Checks, answers and parsing: no rows change.
                'assertHost',
                'DEFAULT_AVATAR_SVG',
                'hostKindOf',
                'isHost',
                'issueToken',
                'pageOf',
                'pageRequest',
                'presentComment',
                'presentComments',
                'presentPost',
                'presentPosts',
                'presentUser',
                'presentUsers',
                'toUserSummary',
                'toUserListItem',
              ],
              message:
                'A route writes through a command of src/server/actions/ (CONTRIBUTING.md, "Layers of the server"); import only queries from services/.',
            },
          ],
        },
      ],
    },
  },
  prettier,
)
