/**
 * What a live event names (caches/read-cache.ts forgetNamedIn): the posts and users its data
 * names, and which kinds of event leave which kept parts as they are.
 */
/** Ids an event names: posts and users, wherever they stand in its data. */
export interface NamedIds {
  posts: Set<number>
  users: Set<number>
}

const POST_ID_KEYS = new Set(['postId'])
const USER_ID_KEYS = new Set(['authorId', 'userId', 'recipientId', 'actorId'])

/**
 * Every post and user an event's data names: a `postId`, an object with `content` (a post) or
 * under a `post` key, an `authorId`/`userId`, any object with a `username` (a user, a summary, an
 * author, a follow's counts). Generic on purpose: what a new event carries is found the same way.
 */
export function namedIn(data: unknown, found: NamedIds = { posts: new Set(), users: new Set() }) {
  const id = (value: unknown) => {
    const number = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN
    return Number.isSafeInteger(number) && number > 0 ? number : null
  }
  const visit = (value: unknown, key: string | null, depth: number) => {
    if (depth > 6 || value === null || typeof value !== 'object') {
      const named = id(value)
      if (named !== null && key !== null) {
        if (POST_ID_KEYS.has(key)) found.posts.add(named)
        if (USER_ID_KEYS.has(key)) found.users.add(named)
      }
      return
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key, depth + 1)
      return
    }
    const record = value as Record<string, unknown>
    const own = id(record._id)
    if (own !== null) {
      if (key === 'post' || 'content' in record) found.posts.add(own)
      else if ('username' in record) found.users.add(own)
    }
    for (const [name, inner] of Object.entries(record)) visit(inner, name, depth + 1)
  }
  visit(data, null, 0)
  return found
}

/** Conversations' events (actions/conversations.ts): none changes a block or a post. */
const CONVERSATION_EVENTS = [
  'message',
  'conversation',
  'conversation-left',
  'conversation-read',
  'message-reactions',
  'conversation-typing',
]

/** Game nights' event (actions/game-nights.ts): it changes no block, no post, no kept answer. */
const GAME_NIGHT_EVENTS = ['game-night']

/** Squad calls' event (actions/squad-calls.ts): it changes no block, no post, no kept answer. */
const SQUAD_CALL_EVENTS = ['squad-call']

/**
 * Event types known not to change who hides whom (blocks, mutes, suspensions). Any other type
 * (`relations`, and whatever type a later command adds) drops every kept visibility set: unknown
 * means "may have changed".
 */
export const VISIBILITY_NEUTRAL_EVENTS = new Set([
  'post',
  'post-deleted',
  'reaction',
  'comment',
  'comment-deleted',
  'vote',
  'bookmark',
  'follow',
  'notification',
  'unread-count',
  'presence',
  'presences',
  'status',
  'offline',
  'open-reports',
  'poll',
  'repost',
  'emoji-reaction',
  'user',
  // The server's custom emoji changed: no block, mute or suspension.
  'custom-emoji',
  ...CONVERSATION_EVENTS,
  ...GAME_NIGHT_EVENTS,
  ...SQUAD_CALL_EVENTS,
])

/**
 * Event types that change no kept answer: presence and statuses are read apart (`/api/presence`),
 * and notifications, unread counts and open reports are never kept. Any other type (and whatever
 * type a later command adds) drops every kept answer.
 */
export const ANSWER_NEUTRAL_EVENTS = new Set([
  'presence',
  'presences',
  'status',
  'offline',
  'notification',
  'unread-count',
  'open-reports',
  // Conversations' routes keep no whole answer, and no other answer shows a message.
  ...CONVERSATION_EVENTS,
  // Nor do game nights' routes, and no other answer shows a game night.
  ...GAME_NIGHT_EVENTS,
  ...SQUAD_CALL_EVENTS,
])

/**
 * Event types that tell a player of what another event of the same command already published
 * (a notification of a like, a comment, a follow; the count of unread ones): what they name
 * changed with that event, if at all, so they drop nothing it names (ReadCache.forgetNamedIn).
 */
export const RETOLD_EVENTS = new Set(['notification', 'unread-count'])

/**
 * Event types whose every command says, in what it touched (caches/touched.ts), all it changed
 * that an answer kept with its parts shows (caches/answer-parts.ts: a home timeline, post rows,
 * images, polls and emoji counts, a viewer's own state): such an event leaves those answers to
 * the versions the touches moved. Any other type (a profile edit, a block, and whatever type a
 * later command adds) drops them with the rest. A type joins only when every command that
 * publishes it touches what it changes; tests/server/caches/read-cache.test.ts reads kept answers
 * after each kind of command and compares them with fresh ones. On one server such an event drops
 * no summary, images or shared state either (ReadCache.forgetNamedIn): its command's touches
 * dropped what it changed (ReadCache.touchPosts), and none of these kinds changes a summary.
 */
export const TOUCH_FOLLOWED_EVENTS = new Set([
  'post',
  'post-deleted',
  'reaction',
  'repost',
  'emoji-reaction',
  'poll',
  'comment',
  'comment-deleted',
  // Neither a comment's votes nor bookmarks are shown by an answer kept with its parts.
  'vote',
  'bookmark',
  'follow',
])
