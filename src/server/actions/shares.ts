/**
 * The writes of reposts and emoji reactions (docs/API.md, "Reposts and quotes", "Emoji reactions"):
 * reposting and taking a repost back, adding and taking back an emoji reaction. Each is one
 * command: the rows, the notification to the author in the same transaction, then the live event. A
 * call that changes nothing (a second repost, a reaction already there) answers the state and tells
 * nobody.
 */
import type { Reaction } from '../../shared/reactions'
import type { PostRow } from '../db/rows'
import type { Store } from '../db/store'
import type { NotificationChanges } from '../services/reads/notifications'
import { setEmojiReaction as setReaction } from '../services/writes/emoji-reactions'
import { type EmojiChange } from '../services/writes/emoji-reactions'
import { removeNotifications } from '../services/writes/notifications'
import { notify } from '../services/writes/notifications'
import { undoRepost } from '../services/writes/reposts'
import { repost } from '../services/writes/reposts'
import { type RepostChange } from '../services/writes/reposts'
import type { Post } from '../../shared/api-types'
import { unseeingOf } from '../services/reads/visibility'
import type { Audience } from '../events/hub'
import { aboutUsers, commit, publishCarryingPost, type Actor, type Live } from './live'

const liveActor = (actor: Actor) => ({ _id: String(actor.id), username: actor.username })

/**
 * Who hears of a share of what `post.authorId` wrote by `actorId`: not those blocked either way
 * with either, nor those who mute either (lists hide both the post and the repost from them).
 */
async function aboutShare(live: Live, actorId: number, post: PostRow): Promise<Audience> {
  const exclude = await unseeingOf(live.db, [actorId, post.authorId])
  exclude.delete(actorId)
  return { exclude }
}

/** Publishes a change of a post's repost or quote count (and for a repost, the post itself). */
export async function publishRepost(
  live: Live,
  actor: Actor,
  post: PostRow,
  action: 'repost' | 'undo' | 'quote' | 'unquote',
): Promise<void> {
  const data = (presented: Post | null) => ({
    postId: String(post.id),
    repostCount: post.repostCount,
    quoteCount: post.quoteCount,
    user: liveActor(actor),
    action,
    post: presented,
  })
  const audience = await aboutShare(live, actor.id, post)
  // A repost carries the post, whose quote is presented for each receiver: one the quoted
  // author blocked must not see the quote in a live event either.
  if (action === 'repost') await publishCarryingPost(live, 'repost', post, data, audience)
  else live.hub.publish('repost', data(null), audience)
}

export function repostPost(live: Live, actor: Actor, postId: number): Promise<RepostChange> {
  return commit(
    live,
    async (tx, changes) => {
      const change = await repost(tx, actor.id, postId)
      if (change.changed) {
        await notify(tx, changes, {
          recipientId: change.post.authorId,
          actorId: actor.id,
          type: 'repost',
          postId: change.post.id,
        })
      }
      return change
    },
    async ({ post, changed }) => {
      if (changed) await publishRepost(live, actor, post, 'repost')
    },
    ({ post, changed, at }) =>
      changed
        ? {
            posts: [post.id],
            viewers: [actor.id],
            added: {
              postId: post.id,
              authorId: post.authorId,
              reposterId: actor.id,
              createdAt: at,
            },
          }
        : {},
  )
}

export function undoRepostPost(live: Live, actor: Actor, postId: number): Promise<RepostChange> {
  return commit(
    live,
    async (tx, changes) => {
      const change = await undoRepost(tx, actor.id, postId)
      if (change.changed) {
        await removeNotifications(tx, changes, {
          actorId: actor.id,
          type: 'repost',
          postId: change.post.id,
        })
      }
      return change
    },
    async ({ post, changed }) => {
      if (changed) await publishRepost(live, actor, post, 'undo')
    },
    ({ post, changed }) =>
      changed
        ? {
            posts: [post.id],
            viewers: [actor.id],
            removed: { postId: post.id, authorId: post.authorId, reposterId: actor.id },
          }
        : {},
  )
}

/**
 * The post's author hears of a person's emoji reactions once: a `reaction` notification with their
 * first emoji on the post, gone with their last (a second emoji, or swapping one, says nothing new).
 */
async function noteEmojiReaction(
  tx: Store,
  changes: NotificationChanges,
  actorId: number,
  post: PostRow,
  on: boolean,
): Promise<void> {
  const theirs = Number(
    (
      await tx.get<{ count: number | string }>(
        'SELECT COUNT(*) AS count FROM post_emoji_reactions WHERE post_id = ? AND user_id = ?',
        post.id,
        actorId,
      )
    )?.count ?? 0,
  )
  const cause = { actorId, type: 'reaction', postId: post.id } as const
  if (on && theirs === 1) await notify(tx, changes, { ...cause, recipientId: post.authorId })
  if (!on && theirs === 0) await removeNotifications(tx, changes, cause)
}

/** Adds (`on`) or takes back an emoji reaction, and tells the author (`noteEmojiReaction`). */
export function setEmojiReaction(
  live: Live,
  actor: Actor,
  postId: number,
  reaction: Reaction,
  on: boolean,
): Promise<EmojiChange> {
  return commit(
    live,
    async (tx, changes) => {
      const change = await setReaction(tx, actor.id, postId, reaction, on)
      if (change.changed) await noteEmojiReaction(tx, changes, actor.id, change.post, on)
      return change
    },
    async ({ post, counts, changed }) => {
      if (!changed) return
      live.hub.publish(
        'emoji-reaction',
        { postId: String(post.id), counts, user: liveActor(actor), reaction, reacted: on },
        await aboutUsers(live, actor.id, post.authorId),
      )
    },
    // The post's emoji counts are kept under its version (caches/read-cache.ts touchPosts).
    ({ post, changed }) => (changed ? { posts: [post.id], viewers: [actor.id] } : {}),
  )
}
