/** One's own account, deleted with everything of its own (docs/API.md "Sessions and accounts"). */
import type { Store } from '../../db/store'
import { getOwnerId } from '../reads/hosting'
import { clearOwner } from './hosting'
import { getDemoAccount, getDemoUserIds } from '../reads/settings'
import { setDemoUserIds } from './settings'
import { setDemoAccount } from './settings'
import { unindexAuthor } from './search-index'
import { getUserById } from '../reads/users'
import { forgetPlayerGames } from './games'
import { forgetDeletedMember } from './conversations'

/**
 * Deletes a user and everything of theirs in one transaction, first taking their part out of
 * everyone else's counts: a post's likeCount loses their likes (a dislike took one like away
 * when made and is not given back, as the spec has no undo for it), its commentCount their
 * comments, a comment's vote counts their votes, a post its repost and quote counts and emoji
 * totals their reposts, quotes and reactions, and the people they followed or who followed
 * them one follower or following each. Their posts (with everyone's comments, reactions and
 * bookmarks on them), comments, reactions, votes, follows, bookmarks, blocks, mutes, reports
 * and uploaded media go with the row (ON DELETE CASCADE). Answers the ids of that media.
 */
export async function deleteAccount(db: Store, userId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const user = await getUserById(tx, userId)
    // Their uploads go with the row; their stored objects are the command's to delete once this
    // commits (services/media/media.ts, removeStoredObjects).
    const media = await tx.all<{ id: string }>('SELECT id FROM media WHERE owner_id = ?', userId)
    const atLeastZero = (value: string) => tx.sql.greatest('0', value)
    await tx.run(
      `UPDATE posts SET like_count = ${atLeastZero(`like_count - (SELECT count(*) FROM post_reactions r
         WHERE r.post_id = posts.id AND r.user_id = ? AND r.kind = 'like')`)}
       WHERE id IN (SELECT post_id FROM post_reactions WHERE user_id = ? AND kind = 'like')
         AND author_id <> ?`,
      userId,
      userId,
      userId,
    )
    await tx.run(
      // threads: their comments, and the replies under their top-level comments, which go with
      // them (comments.parent_id cascades); placeholders were never counted.
      `UPDATE posts SET comment_count = ${atLeastZero(`comment_count - (SELECT count(*) FROM comments c
         WHERE c.post_id = posts.id AND c.deleted_at IS NULL AND (c.author_id = ?
           OR c.parent_id IN (SELECT r.id FROM comments r WHERE r.author_id = ?)))`)}
       WHERE id IN (SELECT post_id FROM comments WHERE author_id = ?) AND author_id <> ?`,
      userId,
      userId,
      userId,
      userId,
    )
    await tx.run(
      `UPDATE comments SET
         upvote_count = ${atLeastZero(`upvote_count - (SELECT count(*) FROM comment_votes v
           WHERE v.comment_id = comments.id AND v.user_id = ? AND v.kind = 'up')`)},
         downvote_count = ${atLeastZero(`downvote_count - (SELECT count(*) FROM comment_votes v
           WHERE v.comment_id = comments.id AND v.user_id = ? AND v.kind = 'down')`)}
       WHERE id IN (SELECT comment_id FROM comment_votes WHERE user_id = ?)`,
      userId,
      userId,
      userId,
    )
    // One repost per user and post; their own posts go with them.
    await tx.run(
      `UPDATE posts SET repost_count = ${atLeastZero('repost_count - 1')}
       WHERE id IN (SELECT post_id FROM reposts WHERE user_id = ?) AND author_id <> ?`,
      userId,
      userId,
    )
    await tx.run(
      `UPDATE posts SET quote_count = ${atLeastZero(`quote_count - (SELECT count(*) FROM posts q
         WHERE q.quote_of_id = posts.id AND q.author_id = ?)`)}
       WHERE id IN (SELECT quote_of_id FROM posts WHERE author_id = ? AND quote_of_id IS NOT NULL)
         AND author_id <> ?`,
      userId,
      userId,
      userId,
    )
    // Their emoji reactions leave each post's totals; a total that reaches none goes.
    await tx.run(
      `UPDATE post_emoji_counts SET count = count - (SELECT count(*) FROM post_emoji_reactions r
         WHERE r.post_id = post_emoji_counts.post_id AND r.reaction = post_emoji_counts.reaction
           AND r.user_id = ?)
       WHERE post_id IN (SELECT post_id FROM post_emoji_reactions WHERE user_id = ?)`,
      userId,
      userId,
    )
    await tx.run(
      `DELETE FROM post_emoji_counts WHERE count <= 0
         AND post_id IN (SELECT post_id FROM post_emoji_reactions WHERE user_id = ?)`,
      userId,
    )
    await tx.run(
      `UPDATE users SET follower_count = ${atLeastZero('follower_count - 1')}
       WHERE id IN (SELECT followee_id FROM follows WHERE follower_id = ?)`,
      userId,
    )
    await tx.run(
      `UPDATE users SET following_count = ${atLeastZero('following_count - 1')}
       WHERE id IN (SELECT follower_id FROM follows WHERE followee_id = ?)`,
      userId,
    )
    // Their posts leave the search index with them (SQLite's index has no foreign key).
    await unindexAuthor(tx, userId)
    await forgetPlayerGames(tx, userId)
    await forgetDeletedMember(tx, userId)
    await tx.run('DELETE FROM users WHERE id = ?', userId)
    const demoIds = await getDemoUserIds(tx)
    if (demoIds.includes(userId)) {
      await setDemoUserIds(
        tx,
        demoIds.filter((id) => id !== userId),
      )
    }
    if ((await getOwnerId(tx)) === userId) await clearOwner(tx)
    // The login page must not offer credentials of an account that is gone.
    if ((await getDemoAccount(tx))?.username.toLowerCase() === user.usernameKey) {
      await setDemoAccount(tx, null)
    }
    return media.map((row) => row.id)
  })
}
