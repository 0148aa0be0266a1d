/** One's own account, deleted with everything of its own (docs/API.md "Sessions and accounts"). */
import { eq } from 'drizzle-orm'
import type { Store } from '../db/store'
import { runSql } from '../db/raw'
import { users } from '../db/schema'
import { clearOwner, getOwnerId } from './hosting'
import { getDemoAccount, getDemoUserIds, setDemoAccount, setDemoUserIds } from './settings'
import { getUserById } from './users'

/**
 * Deletes a user and everything of theirs in one transaction, first taking their part out of
 * everyone else's counts: a post's likeCount loses their likes (a dislike took one like away
 * when made and is not given back, as the spec has no undo for it), its commentCount their
 * comments, a comment's vote counts their votes, and the people they followed or who followed
 * them one follower or following each. Their posts (with everyone's comments, reactions and
 * bookmarks on them), comments, reactions, votes, follows, bookmarks, blocks, mutes, reports
 * and uploaded media go with the row (ON DELETE CASCADE).
 */
export function deleteAccount(db: Store, userId: number): void {
  db.transaction(() => {
    const user = getUserById(db, userId)
    const run = (text: string, ...params: unknown[]) => runSql(db, text, ...params)
    run(
      `UPDATE posts SET like_count = max(0, like_count - (SELECT count(*) FROM post_reactions r
         WHERE r.post_id = posts.id AND r.user_id = ? AND r.kind = 'like'))
       WHERE id IN (SELECT post_id FROM post_reactions WHERE user_id = ? AND kind = 'like')
         AND author_id <> ?`,
      userId,
      userId,
      userId,
    )
    run(
      `UPDATE posts SET comment_count = max(0, comment_count - (SELECT count(*) FROM comments c
         WHERE c.post_id = posts.id AND c.author_id = ?))
       WHERE id IN (SELECT post_id FROM comments WHERE author_id = ?) AND author_id <> ?`,
      userId,
      userId,
      userId,
    )
    run(
      `UPDATE comments SET
         upvote_count = max(0, upvote_count - (SELECT count(*) FROM comment_votes v
           WHERE v.comment_id = comments.id AND v.user_id = ? AND v.kind = 'up')),
         downvote_count = max(0, downvote_count - (SELECT count(*) FROM comment_votes v
           WHERE v.comment_id = comments.id AND v.user_id = ? AND v.kind = 'down'))
       WHERE id IN (SELECT comment_id FROM comment_votes WHERE user_id = ?)`,
      userId,
      userId,
      userId,
    )
    run(
      `UPDATE users SET follower_count = max(0, follower_count - 1)
       WHERE id IN (SELECT followee_id FROM follows WHERE follower_id = ?)`,
      userId,
    )
    run(
      `UPDATE users SET following_count = max(0, following_count - 1)
       WHERE id IN (SELECT follower_id FROM follows WHERE followee_id = ?)`,
      userId,
    )
    db.delete(users).where(eq(users.id, userId)).run()
    const demoIds = getDemoUserIds(db)
    if (demoIds.includes(userId))
      setDemoUserIds(
        db,
        demoIds.filter((id) => id !== userId),
      )
    if (getOwnerId(db) === userId) clearOwner(db)
    // The login page must not offer credentials of an account that is gone.
    if (getDemoAccount(db)?.username.toLowerCase() === user.usernameKey) setDemoAccount(db, null)
  })
}
