/**
 * A user's emoji reaction on a post set or taken back (docs/API.md, "Emoji reactions"): the row
 * change of actions/shares.ts. Counts and who reacted are read in ../reads/emoji-reactions.ts.
 */
import type { ReactionCount } from '../../../shared/api-types'
import { MAX_POST_REACTIONS, type Reaction } from '../../../shared/reactions'
import type { PostRow } from '../../db/rows'
import { refuseUnshareable } from '../reads/reposts'
import { getPost } from '../reads/posts'
import { countsOf } from '../reads/emoji-reactions'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { SHARE_MESSAGES } from '../../errors/messages'

/** What adding or taking back a reaction did: the post, its counts now, whether it changed. */
export interface EmojiChange {
  post: PostRow
  counts: ReactionCount[]
  changed: boolean
}

/**
 * Adds `reaction` of `userId` to a post, or takes it back (`on` false). Idempotent both ways: a
 * reaction already there (or already gone) changes nothing. Adding is refused as a repost is
 * (a suspended author, a block either way), and a new emoji on a post that has
 * MAX_POST_REACTIONS different ones already; taking back is always allowed.
 */
export async function setEmojiReaction(
  db: Store,
  userId: number,
  postId: number,
  reaction: Reaction,
  on: boolean,
  now = Date.now(),
): Promise<EmojiChange> {
  return db.transaction(async (tx) => {
    const post = await getPost(tx, postId)
    let changed: boolean
    if (on) {
      await refuseUnshareable(tx, userId, post)
      await refuseOneTooMany(tx, post.id, reaction)
      const added = await tx.get<{ postId: number }>(
        `INSERT INTO post_emoji_reactions (post_id, user_id, reaction, created_at)
         VALUES (?, ?, ?, ?) ON CONFLICT (post_id, reaction, user_id) DO NOTHING
         RETURNING post_id AS "postId"`,
        post.id,
        userId,
        reaction,
        now,
      )
      changed = added !== undefined
      if (changed) {
        await tx.run(
          `INSERT INTO post_emoji_counts (post_id, reaction, count) VALUES (?, ?, 1)
           ON CONFLICT (post_id, reaction) DO UPDATE SET count = post_emoji_counts.count + 1`,
          post.id,
          reaction,
        )
      }
    } else {
      changed =
        (await tx.run(
          'DELETE FROM post_emoji_reactions WHERE post_id = ? AND reaction = ? AND user_id = ?',
          post.id,
          reaction,
          userId,
        )) > 0
      if (changed) {
        await tx.run(
          'UPDATE post_emoji_counts SET count = count - 1 WHERE post_id = ? AND reaction = ?',
          post.id,
          reaction,
        )
        await tx.run(
          'DELETE FROM post_emoji_counts WHERE post_id = ? AND reaction = ? AND count <= 0',
          post.id,
          reaction,
        )
      }
    }
    return { post, counts: await countsOf(tx, post.id), changed }
  })
}

/**
 * A new emoji on a post that already has the most different ones (`STATE_CONFLICT`). Adding to
 * one already there needs no lock; a new one locks the post's row first (on PostgreSQL, where
 * writers run side by side), so that twenty people adding twenty new emoji at once cannot pass
 * the cap between their counts.
 */
async function refuseOneTooMany(db: Store, postId: number, reaction: Reaction): Promise<void> {
  const count = async () =>
    (await db.get<{ kinds: number; present: number }>(
      `SELECT COUNT(*) AS kinds, COUNT(CASE WHEN reaction = ? THEN 1 END) AS present
       FROM post_emoji_counts WHERE post_id = ? AND count > 0`,
      reaction,
      postId,
    )) ?? { kinds: 0, present: 0 }
  if (Number((await count()).present) > 0) return
  await db.get(`SELECT id FROM posts WHERE id = ?${db.sql.forUpdate}`, postId)
  const { kinds, present } = await count()
  if (Number(present) === 0 && Number(kinds) >= MAX_POST_REACTIONS) {
    throw new HttpError('STATE_CONFLICT', SHARE_MESSAGES.tooManyReactions(MAX_POST_REACTIONS))
  }
}
