/**
 * Turns database rows into the API's JSON shapes (src/shared/api-types.ts), loading what they
 * embed (authors, reactions, comments) in one query each, for all rows at once, never one per row.
 */
import { asc, desc, eq } from 'drizzle-orm'
import type { Comment, Post, Reactor, User, UserSummary } from '../../shared/api-types'
import type { Db } from '../db/client'
import type { comments } from '../db/schema'
import { bookmarks, follows, posts, users } from '../db/schema'
import { COMMENT_COLUMNS, idList, selectAll } from '../db/raw'
import { resolveMentions } from './mentions'
import { loadPostImages } from './post-images'
import { formatTimestamp } from './time'

export type UserRow = typeof users.$inferSelect
export type PostRow = typeof posts.$inferSelect
export type CommentRow = typeof comments.$inferSelect

/**
 * `full`: the spec's whole-list shape, every reactor and every comment.
 * `page`: sized for pages (docs/API.md): reactor lists hold only the viewer, no embedded comments.
 */
export type Detail = 'full' | 'page'

export interface PresentOptions {
  detail: Detail
  /** The user making the request, if any: pages show only this user in reactor lists. */
  viewerId: number | null
}

function groupBy<Row, Key>(rows: Row[], key: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

const summaryColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImg: users.profileImg,
}
type SummaryRow = Pick<UserRow, keyof typeof summaryColumns>

export function toUserSummary(row: SummaryRow): UserSummary {
  const id = String(row.id)
  return {
    _id: id,
    id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImg: row.profileImg,
  }
}

function loadSummaries(db: Db, userIds: number[]): Map<number, UserSummary> {
  const rows = selectAll<SummaryRow>(
    db,
    `SELECT id, username, first_name AS firstName, last_name AS lastName, profile_img AS profileImg
     FROM users WHERE id IN (SELECT value FROM json_each(?))`,
    idList(userIds),
  )
  return new Map(rows.map((row) => [row.id, toUserSummary(row)]))
}

interface ReactionRow {
  targetId: number
  userId: number
  username: string
  kind: string
}

const toReactor = (row: ReactionRow): Reactor => ({
  _id: String(row.userId),
  username: row.username,
})

/**
 * Who liked or disliked (`post_reactions`), or voted on (`comment_votes`), each target: everyone
 * in `full` detail, only the viewer in a page.
 */
function loadReactions(
  db: Db,
  table: 'post_reactions' | 'comment_votes',
  targetIds: number[],
  options: PresentOptions,
): ReactionRow[] {
  if (targetIds.length === 0 || (options.detail === 'page' && options.viewerId === null)) {
    return []
  }
  const target = table === 'post_reactions' ? 'post_id' : 'comment_id'
  const onlyViewer = options.detail === 'page'
  return selectAll<ReactionRow>(
    db,
    `SELECT r.${target} AS targetId, r.user_id AS userId, u.username AS username, r.kind AS kind
     FROM ${table} r JOIN users u ON u.id = r.user_id
     WHERE r.${target} IN (SELECT value FROM json_each(?))${onlyViewer ? ' AND r.user_id = ?' : ''}
     ORDER BY r.created_at, r.user_id`,
    idList(targetIds),
    ...(onlyViewer ? [options.viewerId] : []),
  )
}

/** Presents comment rows in the order given. */
export function presentComments(db: Db, rows: CommentRow[], options: PresentOptions): Comment[] {
  if (rows.length === 0) return []
  const authors = loadSummaries(
    db,
    rows.map((row) => row.authorId),
  )
  const votes = groupBy(
    loadReactions(
      db,
      'comment_votes',
      rows.map((row) => row.id),
      options,
    ),
    (vote) => vote.targetId,
  )
  const mentions = resolveMentions(
    db,
    rows.map((row) => row.text),
  )
  return rows.map((row, index) => {
    const id = String(row.id)
    const author = authors.get(row.authorId)
    if (!author) throw new Error(`Comment ${row.id} has no author`)
    const own = votes.get(row.id) ?? []
    return {
      _id: id,
      id,
      postId: String(row.postId),
      username: author.username,
      author,
      text: row.text,
      votes: {
        upvotedBy: own.filter((vote) => vote.kind === 'up').map(toReactor),
        downvotedBy: own.filter((vote) => vote.kind === 'down').map(toReactor),
        upvoteCount: row.upvoteCount,
        downvoteCount: row.downvoteCount,
      },
      createdAt: formatTimestamp(row.createdAt),
      updatedAt: formatTimestamp(row.updatedAt),
      mentions: mentions[index] ?? [],
    }
  })
}

/** Presents post rows in the order given. */
export function presentPosts(db: Db, rows: PostRow[], options: PresentOptions): Post[] {
  if (rows.length === 0) return []
  const postIds = rows.map((row) => row.id)
  const authors = loadSummaries(
    db,
    rows.map((row) => row.authorId),
  )
  const reactions = groupBy(
    loadReactions(db, 'post_reactions', postIds, options),
    (row) => row.targetId,
  )
  const images = loadPostImages(db, postIds)
  const mentions = resolveMentions(
    db,
    rows.map((row) => row.content),
  )
  const commentsByPost =
    options.detail === 'full'
      ? groupBy(
          presentComments(
            db,
            selectAll<CommentRow>(
              db,
              `SELECT ${COMMENT_COLUMNS} FROM comments
               WHERE post_id IN (SELECT value FROM json_each(?))
               ORDER BY created_at DESC, id DESC`,
              idList(postIds),
            ),
            options,
          ),
          (comment) => Number(comment.postId),
        )
      : new Map<number, Comment[]>()
  return rows.map((row, index) => {
    const id = String(row.id)
    const author = authors.get(row.authorId)
    if (!author) throw new Error(`Post ${row.id} has no author`)
    const own = reactions.get(row.id) ?? []
    return {
      _id: id,
      id,
      content: row.content,
      username: author.username,
      author,
      createdAt: formatTimestamp(row.createdAt),
      updatedAt: formatTimestamp(row.updatedAt),
      likes: {
        likeCount: row.likeCount,
        likedBy: own.filter((reaction) => reaction.kind === 'like').map(toReactor),
        dislikedBy: own.filter((reaction) => reaction.kind === 'dislike').map(toReactor),
      },
      comments: commentsByPost.get(row.id) ?? [],
      commentCount: row.commentCount,
      editedAt: row.editedAt === null ? null : formatTimestamp(row.editedAt),
      media: images.get(row.id) ?? [],
      mentions: mentions[index] ?? [],
    }
  })
}

/** One post as a minimal answer (`Prefer: return=minimal`) shows it: trimmed like a page. */
export function presentPost(db: Db, row: PostRow, viewerId: number | null): Post {
  const [post] = presentPosts(db, [row], { detail: 'page', viewerId })
  if (!post) throw new Error(`Post ${row.id} could not be presented`)
  return post
}

/** One comment as a minimal answer shows it: trimmed like a page. */
export function presentComment(db: Db, row: CommentRow, viewerId: number | null): Comment {
  const [comment] = presentComments(db, [row], { detail: 'page', viewerId })
  if (!comment) throw new Error(`Comment ${row.id} could not be presented`)
  return comment
}

function parseExtra(extra: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(extra)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/**
 * The whole user: followers and following as summaries. Bookmarks are private: only the user
 * themself gets them (`withBookmarks`), as posts trimmed like a page, the most recently saved
 * first; everyone else sees an empty list.
 */
export function presentUser(db: Db, row: UserRow, { withBookmarks = false } = {}): User {
  const followerRows = db
    .select(summaryColumns)
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(eq(follows.followeeId, row.id))
    .orderBy(asc(follows.createdAt), asc(follows.followerId))
    .all()
  const followingRows = db
    .select(summaryColumns)
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followeeId))
    .where(eq(follows.followerId, row.id))
    .orderBy(asc(follows.createdAt), asc(follows.followeeId))
    .all()
  const bookmarkedPosts = withBookmarks
    ? db
        .select({ post: posts })
        .from(bookmarks)
        .innerJoin(posts, eq(posts.id, bookmarks.postId))
        .where(eq(bookmarks.userId, row.id))
        .orderBy(desc(bookmarks.createdAt), desc(bookmarks.postId))
        .all()
        .map(({ post }) => post)
    : []
  return {
    // Extra sign-up fields first, so that no stored extra can shadow a real field.
    ...parseExtra(row.extra),
    ...toUserSummary(row),
    bio: row.bio,
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
    followers: followerRows.map(toUserSummary),
    following: followingRows.map(toUserSummary),
    bookmarks: presentPosts(db, bookmarkedPosts, { detail: 'page', viewerId: row.id }),
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    postCount: row.postCount,
  }
}
