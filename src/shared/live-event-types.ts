/**
 * Every kind of live event (api-types.ts LiveEventMap) at run time: the record below must name
 * each kind exactly once, or the type check fails, so a list built from it never misses one.
 * The visibility test walks them all (tests/server/routes/visibility-everywhere.test.ts): a new
 * kind fails it until the test says who may receive it.
 */
import type { LiveEventType } from './api-types'

const EVERY_KIND = {
  ready: true,
  post: true,
  'post-deleted': true,
  reaction: true,
  poll: true,
  comment: true,
  'comment-deleted': true,
  vote: true,
  follow: true,
  user: true,
  notification: true,
  'unread-count': true,
  reset: true,
  bookmark: true,
  relations: true,
  'open-reports': true,
  presence: true,
  presences: true,
  status: true,
  games: true,
  repost: true,
  'emoji-reaction': true,
  // Conversations.
  message: true,
  conversation: true,
  'conversation-left': true,
  'conversation-read': true,
  'message-reactions': true,
  'conversation-typing': true,
  // Game nights.
  'game-night': true,
  // Squad calls.
  'squad-call': true,
  // Custom emoji.
  'custom-emoji': true,
} as const satisfies Record<LiveEventType, true>

export const LIVE_EVENT_TYPES = Object.keys(EVERY_KIND) as LiveEventType[]
