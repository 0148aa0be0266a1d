/**
 * What a server can do beyond the spec's first version, named in `GET /api/meta`'s `features`.
 * A client shows a part only when the server it talks to names it, so that a friend's server of
 * an older version (which sends no `features` at all) simply hides what it does not support.
 *
 * A name is added to SERVER_FEATURES in the same change that makes the server support it.
 */
export type ServerFeature =
  | 'presence'
  | 'now-playing'
  | 'games'
  | 'threads'
  | 'reposts'
  | 'reactions'
  | 'polls'
  | 'post-search'
  | 'clips'
  | 'poll-changes'
  | 'game-catalogue'
  | 'any-emoji'
  | 'drafts'
  | 'squad-calls'
  | 'custom-emoji'

/** What this server supports, one name per line. */
export const SERVER_FEATURES: readonly ServerFeature[] = [
  // (one per line, in the order they landed)
  'clips',
  'post-search',
  'presence',
  'now-playing',
  'polls',
  'threads',
  'reposts',
  'reactions',
  'games',
  // Issue 44: polls from 5 minutes (`durationMinutes`), votes that move until the end.
  'poll-changes',
  // Issue 44: GET /game-suggestions, the server's games beside the catalogue it ships.
  'game-catalogue',
  // Issue 44: reactions with any emoji of the server's set, beside the quick six.
  'any-emoji',
  // Issue 44: /api/drafts, drafts kept for every device of their user.
  'drafts',
  // Issue 40: squad calls ("need two more"), /api/squad-calls.
  'squad-calls',
  // Issue 44: the host's custom emoji, /api/emoji, `:shortcode:` in text and as reactions.
  'custom-emoji',
]
