/**
 * Writing a new post's row and counting it on its author (docs/API.md, "Posts"), answering the
 * author as counted and, on PostgreSQL, the audience of its live event (both in the post's own
 * statement: a round trip less each). What else a post carries (tags, mentions, a poll, a quote) is
 * its command's to write (actions/posts.ts).
 */
import type { Store } from '../../db/store'
import { posts } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import { insertNewRow, POST_COLUMNS, readRow } from '../../db/raw'
import type { PostRow, UserRow } from '../../db/rows'
import { isEmptyPost } from '../../../shared/post-rules'
import { attachPostImages, type AttachRequest } from '../media/post-images'
import { indexNewPost } from './search-index'
import { ACTIVE_MUTE } from '../reads/visibility'

/**
 * The author of a post just written, as the statement that counted the post answered it: what
 * presenting the post and its live event need of them, read in the same statement
 * instead of after the commit.
 */
export type CountedAuthor = Pick<
  UserRow,
  'id' | 'username' | 'firstName' | 'lastName' | 'profileImg' | 'postCount' | 'suspendedAt'
>

/** A post just written and its author, as counted with it. */
export interface NewPost {
  post: PostRow
  author: CountedAuthor
  /**
   * Whom the post's live event leaves out (actions/live.ts aboutWriting: blocked by or blocking
   * the author, or muting them now, the author apart), when the post's own statement read them
   * (PostgreSQL); undefined where the event reads them itself (SQLite).
   */
  excluded?: ReadonlySet<number>
}

/**
 * One more post on the author's count, answering the author (`CountedAuthor`, each column under
 * an `author…` name, apart from a post's own). On PostgreSQL the first part of the insert's
 * statement, on SQLite a statement of its own.
 */
const COUNT_NEW_POST = `UPDATE users SET post_count = post_count + 1 WHERE id = ?
  RETURNING users.id AS "authorIdCounted", users.username AS "authorUsername",
    users.first_name AS "authorFirstName", users.last_name AS "authorLastName",
    users.profile_img AS "authorProfileImg", users.post_count AS "authorPostCount",
    users.suspended_at AS "authorSuspendedAt"`

interface CountedAuthorColumns {
  authorIdCounted: number
  authorUsername: string
  authorFirstName: string
  authorLastName: string
  authorProfileImg: string
  authorPostCount: number
  authorSuspendedAt: number | null
}

const countedAuthorOf = (row: CountedAuthorColumns): CountedAuthor => ({
  id: row.authorIdCounted,
  username: row.authorUsername,
  firstName: row.authorFirstName,
  lastName: row.authorLastName,
  profileImg: row.authorProfileImg,
  postCount: row.authorPostCount,
  suspendedAt: row.authorSuspendedAt,
})

/**
 * On PostgreSQL the post's row and its count are one statement (a round trip less for every
 * new post): the author's row is counted first, and the post inserted only when it was
 * (an author deleted meanwhile answers no row). The same statement reads the audience of the
 * post's live event (`NewPost.excluded`, as services/reads/visibility.ts blockedOrMuting reads it for
 * the author alone): one round trip less again. SQLite takes no UPDATE inside a WITH, and runs
 * in the process: there they are two statements of the caller's transaction.
 */
const INSERT_COUNTED_POST = `WITH author AS (${COUNT_NEW_POST}),
  post AS (
    INSERT INTO posts (author_id, content, created_at, updated_at)
    SELECT author."authorIdCounted", CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS BIGINT)
    FROM author
    RETURNING ${POST_COLUMNS})
  SELECT post.*, author.*, ARRAY(
    SELECT blocked_id FROM blocks WHERE blocker_id = author."authorIdCounted"
    UNION SELECT blocker_id FROM blocks WHERE blocked_id = author."authorIdCounted"
    UNION SELECT muter_id FROM mutes
      WHERE muted_id = author."authorIdCounted" AND ${ACTIVE_MUTE}) AS "excludedIds"
  FROM post, author`

/**
 * Inserts the post and counts it on its author, in the caller's transaction (on PostgreSQL one
 * statement, whole by itself in none).
 */
async function insertCountedPost(
  tx: Store,
  authorId: number,
  content: string,
  now: number,
): Promise<NewPost> {
  if (tx.dialect === 'postgres') {
    const row = await tx.get<PostRow & CountedAuthorColumns & { excludedIds: unknown[] }>(
      INSERT_COUNTED_POST,
      authorId,
      content,
      now,
      now,
      now,
    )
    if (!row) throw new HttpError('UNKNOWN_USER', MESSAGES.userNotRegistered)
    // The author's columns, taken out of the row answered with the post's.
    const {
      authorIdCounted,
      authorUsername,
      authorFirstName,
      authorLastName,
      authorProfileImg,
      authorPostCount,
      authorSuspendedAt,
      excludedIds,
      ...post
    } = row
    const author = countedAuthorOf({
      authorIdCounted,
      authorUsername,
      authorFirstName,
      authorLastName,
      authorProfileImg,
      authorPostCount,
      authorSuspendedAt,
    })
    // Ids of BIGINT columns come as strings.
    const excluded = new Set(excludedIds.map(Number))
    excluded.delete(author.id)
    return { post: readRow(posts, post), author, excluded }
  }
  // Counted first, as on PostgreSQL: an author deleted meanwhile is refused before the insert.
  const counted = await tx.get<CountedAuthorColumns>(COUNT_NEW_POST, authorId)
  if (!counted) throw new HttpError('UNKNOWN_USER', MESSAGES.userNotRegistered)
  const post = await insertNewRow(tx, posts, { authorId, content, createdAt: now, updatedAt: now })
  return { post, author: countedAuthorOf(counted) }
}

/** Writes a new post (its images attached) and counts it on its author (docs/API.md, "Posts"). */
export async function createPost(
  db: Store,
  authorId: number,
  content: string,
  now = Date.now(),
  images: AttachRequest[] = [],
): Promise<PostRow> {
  return (await writeNewPost(db, authorId, content, now, images)).post
}

/**
 * A new post of text alone (no images, poll or quote; its command writes its tags and mentions,
 * and has none to write): its row, its author's count and its search words, answering the author
 * as counted. On PostgreSQL that is one statement (insertCountedPost; its search words are an
 * index on the row itself), whole by itself, so it runs in no transaction (no `BEGIN` and
 * `COMMIT`, two round trips less); on SQLite, in a transaction of its own.
 */
export async function writeTextPost(
  db: Store,
  authorId: number,
  content: string,
  now = Date.now(),
): Promise<NewPost> {
  if (isEmptyPost(content, 0)) throw new HttpError('VALIDATION', MESSAGES.emptyPost)
  if (db.dialect === 'postgres') return insertCountedPost(db, authorId, content, now)
  return db.transaction(async (tx) => {
    const written = await insertCountedPost(tx, authorId, content, now)
    await indexNewPost(tx, written.post)
    return written
  })
}

/** As createPost, answering the author as counted with the post too (actions/posts.ts). */
export async function writeNewPost(
  db: Store,
  authorId: number,
  content: string,
  now = Date.now(),
  images: AttachRequest[] = [],
): Promise<NewPost> {
  if (isEmptyPost(content, images.length)) throw new HttpError('VALIDATION', MESSAGES.emptyPost)
  return db.transaction(async (tx) => {
    const written = await insertCountedPost(tx, authorId, content, now)
    await attachPostImages(tx, authorId, written.post.id, images, now)
    return written
  })
}
