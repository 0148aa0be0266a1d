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
                // Conversations' answers (issue 40, services/presenting/conversations.ts).
                'conversationsPage',
                'conversationAnswer',
                'messagesPage',
                'messageAnswer',
                'unreadAnswer',
                // The composer's suggestions (services/suggestions.ts).
                'mentionSuggestions',
                'tagSuggestions',
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
                // Issue 37: a post opened by a viewer, and how a block closes a profile
                // (services/visibility.ts): reads that refuse or mark what is hidden.
                'getPostFor',
                'profileRelation',
                'getUserById',
                'getUserByUsername',
                'listHostActions',
                'listHosts',
                'listReports',
                'listSuspended',
                'pageAllPosts',
                'pageBookmarks',
                'pageComments',
                // threads (services/threads.ts)
                'pageRoots',
                'pageReplies',
                'presentThreads',
                'threadOf',
                'threadRoot',
                'pageFeed',
                'pageFollowList',
                'pageNotifications',
                'pageTagPosts',
                'pageUserPosts',
                'pageUsers',
                'postsByIds',
                'relationsOf',
                'searchUsers',
                // Search (routes/search.ts): queries only.
                'searchPosts',
                'searchTags',
                'tagPrefixOf',
                'suggestUsers',
                'unreadCount',
                'userPostIds',
                'usersByIds',
                // Issue 29: the home feed with reposts, who reacted, and their answers.
                'pageHomeFeed',
                'pageReactors',
                'pageReposters',
                'presentFeed',
                // Games (issue 28): reads.
                'gamesOfUser',
                'getGameBySlug',
                'pagePlayers',
                'searchGames',
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
                // Clips (issue 29): the host's limit, parts of a media's bytes, a Range header.
                'getClipLimit',
                'getClipMaxBytes',
                'getMediaRange',
                'parseRange',
                'toGame',
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
